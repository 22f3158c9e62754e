import "server-only";
import {
  claimPromotion,
  listEnvironmentPins,
  promotionRunning,
  releasePromotion,
  setEnvironmentState,
} from "@/db/queries/environments";
import type { AgentRow, Database } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import type { EnvironmentBody } from "../environment-schemas";
import { appendEnvironmentEvent, type PinContext, recordPin } from "./environment-history";
import { assertVersionExists, findEnvironment, lockEnvironmentRow, requireKeptVersion } from "./environment-rows";
import { environmentView, servedVersion } from "./environment-views";
import { type PromotionForce, promotionGate } from "./promotion-gate";

// A promotion's claim older than this belongs to a process that died mid-suite; the demo's suite
// runs in about a second, the largest measured (500 cases) in under a minute.
const PROMOTION_STALE_MS = 10 * 60_000;

async function requireEnvironmentExists(db: Database, agent: AgentRow, name: string) {
  const row = await findEnvironment(db, agent, name);
  if (row?.splitArms) {
    throw new AppError("CONFLICT", `${name} is split between versions; end the split to choose one.`);
  }
  return row;
}

/**
 * Runs `work` holding the environment's promotion claim: a second promotion (or a rollback) of the same
 * environment meanwhile is a 409. The claim is its own committed row because the test suite runs
 * outside any transaction; it is removed when the work ends, whatever the outcome.
 */
export async function withPromotionClaim<T>(
  db: Database,
  agent: AgentRow,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const claimed = await claimPromotion(db, agent.id, name, new Date(Date.now() - PROMOTION_STALE_MS));
  if (!claimed) throw promotionRunningConflict(name);
  try {
    return await work();
  } finally {
    await releasePromotion(db, agent.id, name);
  }
}

const promotionRunningConflict = (name: string) =>
  new AppError("CONFLICT", `A promotion of ${name} is running; try again when it ends.`);

/** A rollback or a split does not take the claim, but waits for no promotion either: one running is a 409. */
export async function assertNoPromotionRunning(db: Database, agent: AgentRow, name: string): Promise<void> {
  if (await promotionRunning(db, agent.id, name)) throw promotionRunningConflict(name);
}

/**
 * Promote (docs/environments.md#promote): pin `version` to the environment after the test gate, with
 * its pin row and an ENVIRONMENT_PINNED event in one transaction. Refusals write nothing.
 */
export async function promoteEnvironment(
  db: Database,
  agent: AgentRow,
  name: string,
  request: { config_version: number; force: PromotionForce },
  ctx: PinContext,
): Promise<EnvironmentBody> {
  const version = request.config_version;
  // A version that does not exist is refused before the suite runs.
  await assertVersionExists(db, agent, version, "config_version");
  const before = await requireEnvironmentExists(db, agent, name);
  await withPromotionClaim(db, agent, name, async () => {
    const from = servedVersion(before, agent);
    const gate = await promotionGate(db, agent, { from, to: version }, request.force);
    await db.transaction(async (tx) => {
      const row = await lockEnvironmentRow(tx, agent, name);
      if (row.splitArms) throw new AppError("CONFLICT", `${name} was split meanwhile; end the split to choose one.`);
      // Promoting the pinned version again changes nothing: no pin row a rollback would step back to.
      if (row.pinnedVersion === version) return;
      await requireKeptVersion(tx, agent, version, "config_version");
      await setEnvironmentState(tx, row.id, { pinnedVersion: version });
      await recordPin(
        tx,
        agent,
        name,
        { configVersion: version, previousVersion: row.pinnedVersion, reason: "promoted" },
        ctx,
      );
      await appendEnvironmentEvent(tx, agent, name, ctx, {
        type: "ENVIRONMENT_PINNED",
        payload: {
          config_version: version,
          previous_version: row.pinnedVersion,
          ...(gate ? { tests_gate: gate } : {}),
        },
      });
    });
  });
  return environmentView(db, agent, name);
}

/**
 * Rollback: back to the pin before the current one (the emergency path: no test gate). Walking back
 * twice goes two pins back; a rollback is itself a pin row whose previous is the restored pin's previous.
 */
export async function rollbackEnvironment(
  db: Database,
  agent: AgentRow,
  name: string,
  ctx: PinContext,
): Promise<EnvironmentBody> {
  const before = await requireEnvironmentExists(db, agent, name);
  if (!before?.pinnedVersion) {
    throw new AppError("CONFLICT", `${name} has never been pinned; there is nothing to roll back to.`);
  }
  await assertNoPromotionRunning(db, agent, name);
  await db.transaction(async (tx) => {
    const row = await lockEnvironmentRow(tx, agent, name);
    const pins = await listEnvironmentPins(tx, agent.id, name, 500);
    const current = pins[0];
    const target = current?.previousVersion ?? null;
    if (!current || target === null || row.pinnedVersion !== current.configVersion) {
      throw new AppError("CONFLICT", `${name} has no earlier pin to roll back to.`);
    }
    const restored = pins.slice(1).find((pin) => pin.configVersion === target && pin.reason !== "rolled_back");
    await requireKeptVersion(tx, agent, target, "environment");
    await setEnvironmentState(tx, row.id, { pinnedVersion: target });
    const previousVersion = restored?.previousVersion ?? null;
    await recordPin(tx, agent, name, { configVersion: target, previousVersion, reason: "rolled_back" }, ctx);
    await appendEnvironmentEvent(tx, agent, name, ctx, {
      type: "ENVIRONMENT_ROLLED_BACK",
      payload: { config_version: target, previous_version: row.pinnedVersion },
    });
  });
  return environmentView(db, agent, name);
}

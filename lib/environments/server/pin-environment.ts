import "server-only";
import {
  claimPromotion,
  getEnvironment,
  insertEnvironmentPin,
  listEnvironmentPins,
  promotionRunning,
  releasePromotion,
  setEnvironmentState,
} from "@/db/queries/environments";
import type { AgentRow, Database } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { type EnvironmentBody, PRODUCTION } from "../environment-schemas";
import { assertVersionExists, lockEnvironmentRow, requireKeptVersion } from "./environment-rows";
import { environmentView, servedVersion } from "./environment-views";
import { type PromotionForce, type PromotionGateRecord, promotionGate } from "./promotion-gate";

export interface PinContext {
  actor: Actor;
  requestId: string;
}

// A promotion's claim older than this belongs to a process that died mid-suite; the demo's suite
// runs in about a second, the largest measured (500 cases) in under a minute.
const PROMOTION_STALE_MS = 10 * 60_000;

async function requireEnvironmentExists(db: Database, agent: AgentRow, name: string) {
  const row = await getEnvironment(db, agent.id, name);
  if (!row && name !== PRODUCTION) throw new AppError("NOT_FOUND", `The agent has no environment "${name}".`);
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
  if (!claimed) throw new AppError("CONFLICT", `A promotion of ${name} is running; try again when it ends.`);
  try {
    return await work();
  } finally {
    await releasePromotion(db, agent.id, name);
  }
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
      await insertEnvironmentPin(tx, {
        agentId: agent.id,
        environment: name,
        configVersion: version,
        previousVersion: row.pinnedVersion,
        reason: "promoted",
        actor: ctx.actor.name,
      });
      await appendLedgerEvent(tx, {
        type: "ENVIRONMENT_PINNED",
        actor: ctx.actor,
        agentId: agent.id,
        requestId: ctx.requestId,
        payload: pinPayload(agent, name, version, row.pinnedVersion, gate),
      });
    });
  });
  return environmentView(db, agent, name);
}

function pinPayload(
  agent: AgentRow,
  environment: string,
  version: number,
  previous: number | null,
  gate: PromotionGateRecord | null,
) {
  return {
    agent_key: agent.key,
    environment,
    config_version: version,
    previous_version: previous,
    ...(gate ? { tests_gate: gate } : {}),
  };
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
  if (await promotionRunning(db, agent.id, name)) {
    throw new AppError("CONFLICT", `A promotion of ${name} is running; try again when it ends.`);
  }
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
    await insertEnvironmentPin(tx, {
      agentId: agent.id,
      environment: name,
      configVersion: target,
      previousVersion: restored?.previousVersion ?? null,
      reason: "rolled_back",
      actor: ctx.actor.name,
    });
    await appendLedgerEvent(tx, {
      type: "ENVIRONMENT_ROLLED_BACK",
      actor: ctx.actor,
      agentId: agent.id,
      requestId: ctx.requestId,
      payload: { agent_key: agent.key, environment: name, config_version: target, previous_version: row.pinnedVersion },
    });
  });
  return environmentView(db, agent, name);
}

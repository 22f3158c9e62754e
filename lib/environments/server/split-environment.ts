import "server-only";
import { setEnvironmentState } from "@/db/queries/environments";
import type { AgentRow, Database } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import type { EnvironmentBody } from "../environment-schemas";
import type { PinContext } from "./environment-history";
import { appendEnvironmentEvent, recordPin } from "./environment-history";
import { assertVersionExists, findEnvironment, lockEnvironmentRow, requireKeptVersion } from "./environment-rows";
import { environmentView, servedVersion } from "./environment-views";
import { assertNoPromotionRunning, withPromotionClaim } from "./pin-environment";
import type { PromotionForce } from "./promotion-gate";
import { promotionGate } from "./promotion-gate";

interface Arm {
  config_version: number;
  percent: number;
}

/**
 * Starts (or replaces) a split: new sessions of the environment draw one of the arms' versions by
 * customer bucket. The pin stays what it was: ending the split keeps one arm. Every version must be kept.
 */
export async function startSplit(
  db: Database,
  agent: AgentRow,
  name: string,
  arms: Arm[],
  ctx: PinContext,
): Promise<EnvironmentBody> {
  await findEnvironment(db, agent, name);
  for (const [i, arm] of arms.entries())
    await assertVersionExists(db, agent, arm.config_version, `arms[${i}].config_version`);
  await assertNoPromotionRunning(db, agent, name);
  await db.transaction(async (tx) => {
    const row = await lockEnvironmentRow(tx, agent, name);
    for (const [i, arm] of arms.entries())
      await requireKeptVersion(tx, agent, arm.config_version, `arms[${i}].config_version`);
    await setEnvironmentState(tx, row.id, { splitArms: arms, splitStartedAt: new Date() });
    await appendEnvironmentEvent(tx, agent, name, ctx, {
      type: "SPLIT_STARTED",
      payload: {
        arms,
        pinned_version: row.pinnedVersion,
        ...(row.splitArms ? { replaced_arms: row.splitArms } : {}),
      },
    });
  });
  return environmentView(db, agent, name);
}

/**
 * Ends the split keeping one arm: keeping a version other than the one served before the split is a
 * promotion (the test gate runs, under the promotion claim); keeping the old one writes no pin row.
 */
export async function endSplit(
  db: Database,
  agent: AgentRow,
  name: string,
  request: { keep: number; force: PromotionForce },
  ctx: PinContext,
): Promise<EnvironmentBody> {
  const before = await findEnvironment(db, agent, name);
  if (!before?.splitArms) throw new AppError("CONFLICT", `${name} is not split.`);
  if (!before.splitArms.some((arm) => arm.config_version === request.keep)) {
    throw new AppError("VALIDATION", `Version ${request.keep} is not one of the split's arms.`, [
      { path: "keep", message: `Not an arm (${before.splitArms.map((arm) => arm.config_version).join(", ")})` },
    ]);
  }
  const from = servedVersion(before, agent);
  await withPromotionClaim(db, agent, name, async () => {
    const gate = await promotionGate(db, agent, { from, to: request.keep }, request.force);
    await db.transaction(async (tx) => {
      const row = await lockEnvironmentRow(tx, agent, name);
      if (!row.splitArms) throw new AppError("CONFLICT", `${name} is not split.`);
      await requireKeptVersion(tx, agent, request.keep, "keep");
      const changesPin = row.pinnedVersion !== request.keep;
      await setEnvironmentState(tx, row.id, { splitArms: null, splitStartedAt: null, pinnedVersion: request.keep });
      if (changesPin) {
        const pin = { configVersion: request.keep, previousVersion: row.pinnedVersion, reason: "split_ended" };
        await recordPin(tx, agent, name, pin, ctx);
      }
      await appendEnvironmentEvent(tx, agent, name, ctx, {
        type: "SPLIT_ENDED",
        payload: {
          arms: row.splitArms,
          kept: request.keep,
          previous_version: row.pinnedVersion,
          ...(gate ? { tests_gate: gate } : {}),
        },
      });
    });
  });
  return environmentView(db, agent, name);
}

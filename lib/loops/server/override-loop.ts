import "server-only";
import { lockLoopFamily } from "@/db/queries/advisory-locks";
import { getLoopRow, insertOverride, updateLoopTrace } from "@/db/queries/loops";
import type { Database, LoopTraceRow } from "@/db/types";
import {
  type OverrideGuardrailsRequest,
  type OverrideGuardrailsResponse,
  overrideGuardrails,
} from "@/lib/engine/loops";
import { personMayOverride } from "@/lib/loops/loop-view";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { appendGuardrailOverrideEvent, type OverrideSnapshot } from "./guardrail-override-event";
import { guardrailConfigFor } from "./loop-config";
import { loopRecordFromRow } from "./loop-rows";

// POST /orchestrator/override-guardrails/{loop_id} and the console's Override dialog: one transaction
// that stores the override on the loop (honoured at its next completion), keeps it in `overrides` and
// appends the GUARDRAIL_OVERRIDE ledger event with actor, reason, before and after.

function snapshot(
  row: Pick<LoopTraceRow, "forceFinalize" | "overrideFatigue" | "overrideMaxReruns" | "overriddenBy" | "decision">,
): OverrideSnapshot {
  return {
    force_finalize: row.forceFinalize ?? false,
    override_fatigue: row.overrideFatigue,
    override_max_reruns: row.overrideMaxReruns,
    overridden_by: row.overriddenBy,
    decision: row.decision,
  };
}

export async function overrideLoop(
  db: Database,
  loopId: string,
  request: OverrideGuardrailsRequest,
  ctx: { actor: Actor; requestId: string; now: Date },
): Promise<OverrideGuardrailsResponse> {
  const { actor, now } = ctx;
  if (actor.kind === "system" || actor.kind === "publishable_key") {
    throw new AppError("FORBIDDEN", "Overrides are made by an operator or an API key.");
  }
  const actorKind = actor.kind;
  const known = await getLoopRow(db, loopId);
  if (!known || !reachesAgentId(known.agentId)) throw new AppError("NOT_FOUND", `No loop with id ${loopId}.`);
  return db.transaction(async (tx) => {
    await lockLoopFamily(tx, known.familyId);
    const row = await getLoopRow(tx, loopId);
    if (!row) throw new AppError("NOT_FOUND", `No loop with id ${loopId}.`);
    if (!personMayOverride(row)) {
      throw new AppError(
        "CONFLICT",
        `Loop ${loopId} is a turn's regeneration loop that finished on its own: no guardrail stopped it, so there is nothing to override.`,
      );
    }
    const config = await guardrailConfigFor(tx, row.agentId, row.kind);
    const { record, response } = overrideGuardrails(loopRecordFromRow(row), request, config);
    const after = {
      overrideFatigue: record.override_fatigue,
      overrideMaxReruns: record.override_max_reruns,
      overrideReason: record.override_reason,
      overriddenBy: record.overridden_by,
      overriddenAt: now,
      forceFinalize: record.force_finalize,
      updatedAt: now,
    };
    await updateLoopTrace(tx, row.id, after);
    const event = await appendGuardrailOverrideEvent(
      tx,
      {
        source: "override-guardrails",
        loopId,
        familyId: row.familyId,
        agentId: row.agentId,
        overrideFatigue: request.override_fatigue,
        overrideMaxReruns: request.override_max_reruns,
        overriddenBy: request.override_by,
        overrideReason: request.override_reason,
        before: snapshot(row),
        after: snapshot({ ...after, decision: row.decision }),
      },
      actor,
      ctx.requestId,
      now,
    );
    await insertOverride(tx, {
      loopId,
      overrideFatigue: request.override_fatigue,
      overrideMaxReruns: request.override_max_reruns,
      overriddenBy: request.override_by,
      overrideReason: request.override_reason,
      actorKind,
      ledgerSeq: event.seq,
      createdAt: now,
    });
    return response;
  });
}

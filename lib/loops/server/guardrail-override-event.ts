import "server-only";
import type { Transaction } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";

// The GUARDRAIL_OVERRIDE ledger event, the same whichever door the override came through: the
// console's Override dialog, POST /orchestrator/override-guardrails, or override flags on a
// loop-complete request that actually lifted a tripped guardrail. The payload names ids, flags and the
// operator's reason — never the loop's goal or output.

type OverrideSource = "override-guardrails" | "loop-complete";

/** The loop's guardrail fields an override changes, before and after. */
export interface OverrideSnapshot {
  force_finalize: boolean;
  override_fatigue: boolean;
  override_max_reruns: boolean;
  overridden_by: string | null;
  decision: string | null;
}

export interface GuardrailOverrideEvent {
  source: OverrideSource;
  loopId: string;
  familyId: string;
  agentId: string | null;
  overrideFatigue: boolean;
  overrideMaxReruns: boolean;
  overriddenBy: string | null;
  overrideReason: string | null;
  before: OverrideSnapshot;
  after: OverrideSnapshot;
  /** loop-complete only: the rerun the override let through. */
  newLoopId?: string | null;
}

export function appendGuardrailOverrideEvent(
  tx: Transaction,
  event: GuardrailOverrideEvent,
  actor: Actor,
  requestId: string,
  now: Date,
) {
  return appendLedgerEvent(tx, {
    type: "GUARDRAIL_OVERRIDE",
    actor,
    agentId: event.agentId,
    requestId,
    now,
    payload: {
      source: event.source,
      loop_id: event.loopId,
      family_id: event.familyId,
      override_fatigue: event.overrideFatigue,
      override_max_reruns: event.overrideMaxReruns,
      overridden_by: event.overriddenBy,
      override_reason: event.overrideReason,
      before: event.before,
      after: event.after,
      ...(event.newLoopId !== undefined ? { new_loop_id: event.newLoopId } : {}),
    },
  });
}

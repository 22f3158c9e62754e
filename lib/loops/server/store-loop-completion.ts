import "server-only";
import { insertLoopCompletion, insertLoopTraces, replaceBiasHistory, updateLoopTrace } from "@/db/queries/loops";
import type { LoopTraceRow, Transaction } from "@/db/types";
import { type LoopCompletionOutcome, uniqueTags } from "@/lib/engine/loops";
import type { LoopCompleteBody } from "@/lib/loops/api-schemas";
import type { Actor } from "@/lib/server/ledger/event-types";
import { appendGuardrailOverrideEvent } from "./guardrail-override-event";
import { loopRowFromRecord } from "./loop-rows";

// Writes one loop completion, inside the caller's transaction (which holds the family and tag locks):
// the completed record, the pending rerun record, the loop's bias-history rows, the completion itself
// and — when override flags in the request lifted a tripped guardrail — the GUARDRAIL_OVERRIDE event.

type Completed = Extract<LoopCompletionOutcome, { ok: true }>;

export interface StoreLoopCompletion {
  outcome: Completed;
  /** The completed loop's row before this completion (null: first seen now). */
  currentRow: LoopTraceRow | null;
  agentId: string | null;
  request: LoopCompleteBody;
  /** Guardrails the request's own override flags lifted (not a stored override). */
  lifted: ("max_reruns" | "fatigue")[];
  actor: Actor;
  requestId: string;
  now: Date;
}

export async function storeLoopCompletion(tx: Transaction, input: StoreLoopCompletion): Promise<void> {
  const { outcome, currentRow, agentId, request, lifted, now } = input;
  const { record, newRecord } = outcome;
  const overrideFields =
    lifted.length > 0 ? { overriddenAt: now, overrideReason: request.override_reason ?? record.override_reason } : {};
  const values = { ...loopRowFromRecord(record, agentId, null, outcome.reasoning), ...overrideFields };
  if (currentRow) await updateLoopTrace(tx, currentRow.id, { ...values, updatedAt: now });
  else await insertLoopTraces(tx, [values]);
  if (newRecord) await insertLoopTraces(tx, [loopRowFromRecord(newRecord, agentId, null)]);

  // One row per tag per loop (bias echo counts occurrences across loops, docs/loops.md#bias-echo); a loop completed
  // again replaces its earlier rows, as processLoopCompletion replaced its earlier counts.
  await replaceBiasHistory(
    tx,
    record.loop_id,
    uniqueTags(record.bias_tags).map((tag) => ({ tag, detail: { ...record.bias_tags.find((t) => t.tag === tag) } })),
  );

  await insertLoopCompletion(tx, {
    loopId: record.loop_id,
    request: { ...request },
    result: { ...outcome.response },
  });

  if (lifted.length > 0) {
    const decision = outcome.response.decision_result;
    await appendGuardrailOverrideEvent(
      tx,
      {
        source: "loop-complete",
        loopId: record.loop_id,
        familyId: decision.original_loop_id,
        agentId,
        overrideFatigue: lifted.includes("fatigue"),
        overrideMaxReruns: lifted.includes("max_reruns"),
        overriddenBy: record.overridden_by,
        overrideReason: request.override_reason ?? null,
        before: {
          force_finalize: currentRow?.forceFinalize ?? false,
          override_fatigue: currentRow?.overrideFatigue ?? false,
          override_max_reruns: currentRow?.overrideMaxReruns ?? false,
          overridden_by: currentRow?.overriddenBy ?? null,
          decision: currentRow?.decision ?? null,
        },
        after: {
          force_finalize: record.force_finalize,
          override_fatigue: record.override_fatigue,
          override_max_reruns: record.override_max_reruns,
          overridden_by: record.overridden_by,
          decision: record.decision,
        },
        newLoopId: newRecord?.loop_id ?? null,
      },
      input.actor,
      input.requestId,
      now,
    );
  }
}

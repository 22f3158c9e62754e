import "server-only";
import type { LoopTraceInsert, LoopTraceRow } from "@/db/types";
import { familyRootOf } from "@/lib/engine/loops/loop-family";
import {
  type BiasTag,
  FINALIZE_REASONS,
  type FinalizeReason,
  LOOP_DECISIONS,
  type LoopDecision,
  type LoopTraceItem,
} from "@/lib/engine/loops/loop-trace";
import type { RerunReasoning } from "@/lib/engine/loops/rerun-reasoning";

// LoopTraceItem ↔ loop_traces row. Every LoopTraceItem field has its own column; `reasoning` holds the
// rerun reasoning (docs/loops.md#rerun-reasoning) of a loop that reran (null otherwise). Turn loops (kind "turn") and external loops
// (kind "external", posted to /orchestrator/loop-complete) share the table and this mapping.

/** Rerun reasoning (docs/loops.md#rerun-reasoning) as stored: the logger's dict when the caller has it, else rebuilt from the record. */
function reasoningOf(record: LoopTraceItem, reasoning: RerunReasoning | null | undefined) {
  if (reasoning) return { ...reasoning };
  if (record.decision !== "rerun" || !record.rerun_reason) return null;
  return {
    rerun_trigger: record.rerun_trigger ?? [],
    rerun_reason: record.rerun_reason,
    rerun_reason_detail: record.rerun_reason_detail,
    timestamp: record.timestamp,
    reflection_persona: record.reflection_persona,
  };
}

/** A LoopTraceItem as a loop_traces row (every field kept). */
export function loopRowFromRecord(
  raw: LoopTraceItem | Record<string, unknown>,
  agentId: string | null,
  turnId: string | null,
  reasoning?: RerunReasoning | null,
): LoopTraceInsert {
  const r = raw as LoopTraceItem;
  return {
    loopId: r.loop_id,
    familyId: familyRootOf(r.loop_id),
    kind: turnId ? "turn" : "external",
    agentId,
    turnId,
    status: r.status,
    timestamp: new Date(r.timestamp),
    rerunOf: r.rerun_of,
    rerunDepth: r.rerun_depth,
    rerunCount: r.rerun_count,
    maxReruns: r.max_reruns,
    biasEcho: r.bias_echo,
    repeatedTags: r.repeated_tags,
    reflectionFatigue: r.reflection_fatigue,
    fatigueIncreased: r.fatigue_increased,
    rerunReason: r.rerun_reason,
    rerunReasonDetail: r.rerun_reason_detail,
    rerunTrigger: r.rerun_trigger,
    forceFinalize: r.force_finalize,
    overriddenBy: r.overridden_by,
    orchestratorPersona: r.orchestrator_persona,
    reflectionPersona: r.reflection_persona,
    alignmentScore: r.alignment_score,
    driftScore: r.drift_score,
    summaryValid: r.summary_valid,
    biasTags: r.bias_tags as Record<string, unknown>[],
    decision: r.decision,
    finalizeReason: r.finalize_reason,
    reasoning: reasoningOf(r, reasoning),
    overrideFatigue: r.override_fatigue,
    overrideMaxReruns: r.override_max_reruns,
    overrideReason: r.override_reason,
  };
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A stored row back as the record the pure guardrails read; nullable columns take the rerun defaults. */
export function loopRecordFromRow(row: LoopTraceRow): LoopTraceItem {
  return {
    loop_id: row.loopId,
    status: row.status,
    timestamp: row.timestamp.toISOString(),
    rerun_of: row.rerunOf,
    rerun_depth: row.rerunDepth,
    rerun_count: row.rerunCount ?? 0,
    max_reruns: row.maxReruns ?? 3,
    bias_echo: row.biasEcho ?? false,
    repeated_tags: row.repeatedTags ?? null,
    reflection_fatigue: row.reflectionFatigue ?? 0,
    fatigue_increased: row.fatigueIncreased ?? false,
    rerun_reason: row.rerunReason,
    rerun_reason_detail: row.rerunReasonDetail,
    rerun_trigger: row.rerunTrigger ?? null,
    force_finalize: row.forceFinalize ?? false,
    overridden_by: row.overriddenBy,
    orchestrator_persona: row.orchestratorPersona,
    reflection_persona: row.reflectionPersona,
    alignment_score: row.alignmentScore,
    drift_score: row.driftScore,
    summary_valid: row.summaryValid,
    bias_tags: row.biasTags as BiasTag[],
    decision: oneOf<LoopDecision>(LOOP_DECISIONS, row.decision),
    finalize_reason: oneOf<FinalizeReason>(FINALIZE_REASONS, row.finalizeReason),
    override_fatigue: row.overrideFatigue,
    override_max_reruns: row.overrideMaxReruns,
    override_reason: row.overrideReason,
  };
}

import "server-only";
import type { loopTraces } from "@/db/schema";
import { familyRootOf } from "@/lib/engine/stages/loop-guardrails/loop-family";
import type { LoopTraceItem } from "@/lib/engine/stages/loop-guardrails/loop-trace";

type LoopInsert = typeof loopTraces.$inferInsert;

/** A seed-001 LoopTraceItem as a loop_traces row (every field kept; Focal's extras in `reasoning`). */
export function loopRowFromRecord(
  raw: Record<string, unknown>,
  agentId: string | null,
  turnId: string | null,
): LoopInsert {
  const r = raw as unknown as LoopTraceItem;
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
    reasoning: {
      finalize_reason: r.finalize_reason,
      override_fatigue: r.override_fatigue,
      override_max_reruns: r.override_max_reruns,
      override_reason: r.override_reason,
    },
  };
}

import "server-only";
import { loopAgents } from "@/db/queries/loops";
import type { DbOrTx, LoopTraceRow } from "@/db/types";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { DEFAULT_GUARDRAIL_CONFIG, type GuardrailConfig } from "@/lib/engine/loops";
import type { LoopView } from "@/lib/loops/loop-view";
import { guardrailConfigOf } from "./loop-config";
import { loopRecordFromRow } from "./loop-rows";

// loop_traces rows → what the Loops pages render, with each loop's agent key and its own thresholds.

function viewOf(row: LoopTraceRow, agentKey: string | null, config: GuardrailConfig): LoopView {
  const record = loopRecordFromRow(row);
  return {
    id: row.id,
    loopId: row.loopId,
    familyId: row.familyId,
    kind: row.kind,
    agentKey,
    turnId: row.turnId,
    status: row.status,
    timestamp: record.timestamp,
    createdAt: row.createdAt.toISOString(),
    rerunOf: record.rerun_of,
    rerunDepth: record.rerun_depth ?? 0,
    rerunCount: record.rerun_count,
    maxReruns: record.max_reruns,
    biasEcho: record.bias_echo,
    repeatedTags: record.repeated_tags ?? [],
    biasTags: [...new Set(record.bias_tags.map((t) => t.tag))],
    reflectionFatigue: record.reflection_fatigue,
    // The rerun defaults name two fatigue stops (RERUN_CONFIG.fatigue_threshold, FATIGUE_CONFIG.critical_threshold);
    // the lower one bites.
    fatigueLimit: Math.min(config.rerun.fatigue_threshold, config.fatigue.critical_threshold),
    alignmentThreshold: config.rerun.alignment_threshold,
    driftThreshold: config.rerun.drift_threshold,
    fatigueIncreased: record.fatigue_increased,
    rerunReason: record.rerun_reason,
    rerunReasonDetail: record.rerun_reason_detail,
    rerunTrigger: record.rerun_trigger ?? [],
    decision: record.decision,
    finalizeReason: record.finalize_reason,
    forceFinalize: record.force_finalize,
    overriddenBy: record.overridden_by,
    overrideReason: record.override_reason,
    overriddenAt: row.overriddenAt?.toISOString() ?? null,
    overrideFatigue: record.override_fatigue,
    overrideMaxReruns: record.override_max_reruns,
    orchestratorPersona: record.orchestrator_persona,
    reflectionPersona: record.reflection_persona,
    alignmentScore: record.alignment_score,
    driftScore: record.drift_score,
    summaryValid: record.summary_valid,
    reasoning: row.reasoning ?? null,
  };
}

export async function loopViews(db: DbOrTx, rows: readonly LoopTraceRow[]): Promise<LoopView[]> {
  const agentIds = rows.map((r) => r.agentId).filter((id): id is string => id !== null);
  const agents = new Map((await loopAgents(db, agentIds)).map((a) => [a.id, a]));
  return rows.map((row) => {
    const agent = row.agentId ? agents.get(row.agentId) : undefined;
    const config = agent ? guardrailConfigOf(resolveAgentSettings(agent.settings), row.kind) : DEFAULT_GUARDRAIL_CONFIG;
    return viewOf(row, agent?.key ?? null, config);
  });
}

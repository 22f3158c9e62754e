import {
  INVALID_REFLECTION_STATUS_MESSAGE,
  type LoopCompleteError,
  LoopCompleteRequest,
  type LoopCompleteResponse,
  LoopCompletion,
  type LoopCompletionInput,
  type ReflectionResult,
} from "./api-shapes";
import { type BiasEchoResult, type BiasHistory, detectBiasRepetition, withoutLoopTags } from "./bias-echo";
import { type GuardrailConfig, toIsoTimestamp } from "./config";
import { decideRerun } from "./decide-rerun";
import { calculateFatigueScore, type FatigueResult } from "./fatigue";
import {
  familyRecords,
  familyRerunCount,
  familyRootOf,
  previousLoopOf,
  rerunNumberOf,
  upsertLoopRecord,
} from "./loop-family";
import { createLoopTraceItem, LOOP_STATUS, type LoopTraceItem } from "./loop-trace";
import { enforceRerunLimits, type RerunLimitResult } from "./rerun-limits";
import { applyRerunReasoning, logRerunReasoning, type RerunReasoning } from "./rerun-reasoning";

// Loop completion (process_loop_completion), pure: the caller hands over the loop family's records and the
// global bias counts, and stores what comes back (record, newRecord, biasHistory). Nothing is read or
// written here; time is the caller's `now`.

export interface LoopGuardrailState {
  /** Every stored record of the loop's family (records of other families are ignored). */
  family: readonly LoopTraceItem[];
  /** Global bias tag → occurrences, before this completion. */
  biasHistory: BiasHistory;
}

export function emptyLoopGuardrailState(): LoopGuardrailState {
  return { family: [], biasHistory: {} };
}

export type LoopCompletionOutcome =
  | {
      ok: true;
      response: LoopCompleteResponse;
      /** The completed loop's record (created if its id was never seen). */
      record: LoopTraceItem;
      /** The `_rN` rerun's pending record when the decision is "rerun", else null. */
      newRecord: LoopTraceItem | null;
      biasHistory: Record<string, number>;
      /** Rerun reasoning (docs/loops.md#rerun-reasoning) when the decision is "rerun", else null. */
      reasoning: RerunReasoning | null;
      /** The component results behind the decision, for spans and the dashboard. */
      guardrails: { limits: RerunLimitResult; fatigue: FatigueResult; bias: BiasEchoResult | null };
    }
  | { ok: false; response: LoopCompleteError };

/**
 * Throws a ZodError when the request is malformed, or when reflection_status is "done" and the
 * reflection is missing or invalid. reflection_status ≠ "done" returns the published error body instead.
 */
export function processLoopCompletion(
  input: LoopCompletionInput,
  state: LoopGuardrailState,
  config: GuardrailConfig,
  now: Date | string,
): LoopCompletionOutcome {
  const request = LoopCompleteRequest.parse(input);
  if (request.reflection_status !== "done") {
    return {
      ok: false,
      response: { status: "error", message: INVALID_REFLECTION_STATUS_MESSAGE, loop_id: request.loop_id },
    };
  }
  const { reflection } = LoopCompletion.parse(input);
  const timestamp = toIsoTimestamp(now);
  const loopId = request.loop_id;
  const family = familyRecords(loopId, state.family);
  const current = family.find((item) => item.loop_id === loopId) ?? null;

  // An override stored on the record by POST /orchestrator/override-guardrails counts like one in the request.
  const storedOverride = current !== null && (current.override_fatigue || current.override_max_reruns);
  const overrideFatigue = request.override_fatigue || (current?.override_fatigue ?? false);
  const overrideMaxReruns = request.override_max_reruns || (current?.override_max_reruns ?? false);
  const overrideBy = request.override_by ?? (storedOverride ? (current?.overridden_by ?? null) : null);

  const limits = enforceRerunLimits({
    totalReruns: familyRerunCount(loopId, family),
    maxReruns: current?.max_reruns ?? config.rerun.max_reruns,
    overrideMaxReruns,
    overrideBy,
  });

  const previous = previousLoopOf(loopId, current, family);
  const fatigue = calculateFatigueScore({
    alignmentScore: reflection.alignment_score,
    driftScore: reflection.drift_score,
    previous,
    previousFatigue: previous?.reflection_fatigue ?? current?.reflection_fatigue ?? null,
    config: config.fatigue,
  });

  // Completing a loop again replaces its earlier tags in the global history instead of counting them twice.
  const baseHistory =
    current?.status === LOOP_STATUS.completed
      ? withoutLoopTags(state.biasHistory, current.bias_tags)
      : state.biasHistory;
  const tracked =
    reflection.bias_tags.length > 0
      ? detectBiasRepetition({
          biasTags: reflection.bias_tags,
          history: baseHistory,
          threshold: config.rerun.bias_repetition_threshold,
        })
      : null;
  const bias = tracked?.result ?? null;

  const { decision, blockedBy, overriddenBy } = decideRerun({
    loopId,
    alignmentScore: reflection.alignment_score,
    driftScore: reflection.drift_score,
    limits,
    fatigue,
    bias,
    overrideFatigue,
    overrideBy,
    config,
  });

  const reflectionPersona = reflection.reflection_persona ?? null;
  const orchestratorPersona = request.orchestrator_persona ?? current?.orchestrator_persona ?? reflectionPersona;
  const reasoning =
    decision.decision === "rerun"
      ? logRerunReasoning({
          rerunTrigger: decision.rerun_trigger,
          rerunReason: decision.rerun_reason,
          detail: decision.rerun_reason_detail,
          overriddenBy,
          reflectionPersona,
          timestamp,
        })
      : null;

  const n = rerunNumberOf(loopId);
  const base =
    current ??
    createLoopTraceItem({
      loop_id: loopId,
      status: LOOP_STATUS.pending,
      timestamp,
      rerun_of: n === 0 ? null : n === 1 ? familyRootOf(loopId) : `${familyRootOf(loopId)}_r${n - 1}`,
      rerun_depth: n === 0 ? null : n,
      max_reruns: limits.max_reruns,
    });
  const completed: LoopTraceItem = {
    ...base,
    status: LOOP_STATUS.completed,
    timestamp,
    rerun_count: decision.rerun_count,
    max_reruns: limits.max_reruns,
    bias_echo: bias?.bias_echo ?? false,
    repeated_tags: bias ? [...bias.repeated_tags] : null,
    reflection_fatigue: fatigue.reflection_fatigue,
    fatigue_increased: fatigue.fatigue_increased,
    force_finalize: blockedBy.length > 0,
    overridden_by: overriddenBy ?? base.overridden_by,
    orchestrator_persona: orchestratorPersona,
    reflection_persona: reflectionPersona,
    alignment_score: reflection.alignment_score,
    drift_score: reflection.drift_score,
    summary_valid: reflection.summary_valid,
    bias_tags: reflection.bias_tags.map((tag) => ({ ...tag })),
    decision: decision.decision,
    finalize_reason: decision.decision === "rerun" ? null : decision.finalize_reason,
  };
  const record = reasoning ? applyRerunReasoning(completed, reasoning) : completed;

  const newRecord =
    decision.decision === "rerun"
      ? createLoopTraceItem({
          loop_id: decision.new_loop_id,
          status: LOOP_STATUS.pending,
          timestamp,
          rerun_of: loopId,
          rerun_depth: (record.rerun_depth ?? n) + 1,
          rerun_count: decision.rerun_count,
          max_reruns: decision.max_reruns,
          // Fatigue carries over: the rerun starts where its predecessor left off.
          reflection_fatigue: fatigue.reflection_fatigue,
          rerun_reason: decision.rerun_reason,
          rerun_reason_detail: decision.rerun_reason_detail,
          rerun_trigger: [...decision.rerun_trigger],
          overridden_by: overriddenBy,
          orchestrator_persona: orchestratorPersona,
        })
      : null;

  const reflectionResult: ReflectionResult = {
    alignment_score: reflection.alignment_score,
    drift_score: reflection.drift_score,
    summary_valid: reflection.summary_valid,
    reflection_persona: reflectionPersona,
    bias_echo: bias?.bias_echo ?? false,
    reflection_fatigue: fatigue.reflection_fatigue,
    ...(bias ? { repeated_tags: [...bias.repeated_tags], repetition_counts: { ...bias.repetition_counts } } : {}),
  };

  return {
    ok: true,
    response: {
      status: "success",
      loop_id: loopId,
      reflection_result: reflectionResult,
      decision_result: decision,
      orchestrator_persona: orchestratorPersona,
      timestamp,
    },
    record,
    newRecord,
    biasHistory: tracked?.history ?? { ...baseHistory },
    reasoning,
    guardrails: { limits, fatigue, bias },
  };
}

/** The state after an outcome: what an in-memory caller (the turn engine) keeps for the next completion. */
export function applyLoopCompletion(state: LoopGuardrailState, outcome: LoopCompletionOutcome): LoopGuardrailState {
  if (!outcome.ok) return state;
  let family = upsertLoopRecord(state.family, outcome.record);
  if (outcome.newRecord) family = upsertLoopRecord(family, outcome.newRecord);
  return { family, biasHistory: outcome.biasHistory };
}

import { type BiasEchoResult, type BiasHistory, detectBiasRepetition, withoutLoopTags } from "./bias-echo";
import { type GuardrailConfig, toIsoTimestamp } from "./config";
import { decideRerun } from "./decide-rerun";
import { calculateFatigueScore, type FatigueResult } from "./fatigue";
import {
  INVALID_REFLECTION_STATUS_MESSAGE,
  type LoopCompleteError,
  LoopCompleteRequest,
  type LoopCompleteResponse,
  LoopCompletion,
  type LoopCompletionInput,
  type ReflectionResult,
} from "./loop-api";
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

type Reflection = LoopCompletion["reflection"];

/** What one completion reads: the request, the loop's stored record and family, the time. */
interface Completion {
  request: LoopCompletion;
  reflection: Reflection;
  loopId: string;
  family: LoopTraceItem[];
  /** The loop's stored record, null when its id was never seen. */
  current: LoopTraceItem | null;
  timestamp: string;
}

interface Overrides {
  overrideFatigue: boolean;
  overrideMaxReruns: boolean;
  overrideBy: string | null;
}

/** An override stored on the record by POST /orchestrator/override-guardrails counts like one in the request. */
function overridesOf({ request, current }: Completion): Overrides {
  const storedOverride = current !== null && (current.override_fatigue || current.override_max_reruns);
  return {
    overrideFatigue: request.override_fatigue || (current?.override_fatigue ?? false),
    overrideMaxReruns: request.override_max_reruns || (current?.override_max_reruns ?? false),
    overrideBy: request.override_by ?? (storedOverride ? (current?.overridden_by ?? null) : null),
  };
}

/**
 * Bias echo over the global history. Completing a loop again replaces its earlier tags in the history
 * instead of counting them twice; a reflection without tags skips the filter (bias null).
 */
function trackBias(c: Completion, state: LoopGuardrailState, config: GuardrailConfig) {
  const baseHistory =
    c.current?.status === LOOP_STATUS.completed
      ? withoutLoopTags(state.biasHistory, c.current.bias_tags)
      : state.biasHistory;
  const tracked =
    c.reflection.bias_tags.length > 0
      ? detectBiasRepetition({
          biasTags: c.reflection.bias_tags,
          history: baseHistory,
          threshold: config.rerun.bias_repetition_threshold,
        })
      : null;
  return { bias: tracked?.result ?? null, history: tracked?.history ?? { ...baseHistory } };
}

/** The guardrails behind the decision: rerun limits, fatigue, bias echo; then the decision itself. */
function decide(c: Completion, overrides: Overrides, state: LoopGuardrailState, config: GuardrailConfig) {
  const { current, family, loopId, reflection } = c;
  const limits = enforceRerunLimits({
    totalReruns: familyRerunCount(loopId, family),
    maxReruns: current?.max_reruns ?? config.rerun.max_reruns,
    overrideMaxReruns: overrides.overrideMaxReruns,
    overrideBy: overrides.overrideBy,
  });
  const previous = previousLoopOf(loopId, current, family);
  const fatigue = calculateFatigueScore({
    alignmentScore: reflection.alignment_score,
    driftScore: reflection.drift_score,
    previous,
    previousFatigue: previous?.reflection_fatigue ?? current?.reflection_fatigue ?? null,
    config: config.fatigue,
  });
  const { bias, history } = trackBias(c, state, config);
  const decided = decideRerun({
    loopId,
    alignmentScore: reflection.alignment_score,
    driftScore: reflection.drift_score,
    limits,
    fatigue,
    bias,
    overrideFatigue: overrides.overrideFatigue,
    overrideBy: overrides.overrideBy,
    config,
  });
  return { ...decided, limits, fatigue, bias, history };
}

type Decided = ReturnType<typeof decide>;

/** The loop's record, completed: a loop never seen before gets a pending record first, linked to its family. */
function completedRecord(c: Completion, d: Decided, orchestratorPersona: string | null): LoopTraceItem {
  const { reflection, loopId, timestamp } = c;
  const { decision, bias, fatigue } = d;
  const n = rerunNumberOf(loopId);
  const base =
    c.current ??
    createLoopTraceItem({
      loop_id: loopId,
      status: LOOP_STATUS.pending,
      timestamp,
      rerun_of: n === 0 ? null : n === 1 ? familyRootOf(loopId) : `${familyRootOf(loopId)}_r${n - 1}`,
      rerun_depth: n === 0 ? null : n,
      max_reruns: d.limits.max_reruns,
    });
  return {
    ...base,
    status: LOOP_STATUS.completed,
    timestamp,
    rerun_count: decision.rerun_count,
    max_reruns: d.limits.max_reruns,
    bias_echo: bias?.bias_echo ?? false,
    repeated_tags: bias ? [...bias.repeated_tags] : null,
    reflection_fatigue: fatigue.reflection_fatigue,
    fatigue_increased: fatigue.fatigue_increased,
    force_finalize: d.blockedBy.length > 0,
    overridden_by: d.overriddenBy ?? base.overridden_by,
    orchestrator_persona: orchestratorPersona,
    reflection_persona: reflection.reflection_persona ?? null,
    alignment_score: reflection.alignment_score,
    drift_score: reflection.drift_score,
    summary_valid: reflection.summary_valid,
    bias_tags: reflection.bias_tags.map((tag) => ({ ...tag })),
    decision: decision.decision,
    finalize_reason: decision.decision === "rerun" ? null : decision.finalize_reason,
  };
}

/** The `_rN` rerun's pending record when the decision is "rerun", else null. */
function rerunRecord(c: Completion, d: Decided, record: LoopTraceItem, orchestratorPersona: string | null) {
  const { decision } = d;
  if (decision.decision !== "rerun") return null;
  return createLoopTraceItem({
    loop_id: decision.new_loop_id,
    status: LOOP_STATUS.pending,
    timestamp: c.timestamp,
    rerun_of: c.loopId,
    rerun_depth: (record.rerun_depth ?? rerunNumberOf(c.loopId)) + 1,
    rerun_count: decision.rerun_count,
    max_reruns: decision.max_reruns,
    // Fatigue carries over: the rerun starts where its predecessor left off.
    reflection_fatigue: d.fatigue.reflection_fatigue,
    rerun_reason: decision.rerun_reason,
    rerun_reason_detail: decision.rerun_reason_detail,
    rerun_trigger: [...decision.rerun_trigger],
    overridden_by: d.overriddenBy,
    orchestrator_persona: orchestratorPersona,
  });
}

function reflectionResultOf(reflection: Reflection, d: Decided): ReflectionResult {
  const { bias } = d;
  return {
    alignment_score: reflection.alignment_score,
    drift_score: reflection.drift_score,
    summary_valid: reflection.summary_valid,
    reflection_persona: reflection.reflection_persona ?? null,
    bias_echo: bias?.bias_echo ?? false,
    reflection_fatigue: d.fatigue.reflection_fatigue,
    ...(bias ? { repeated_tags: [...bias.repeated_tags], repetition_counts: { ...bias.repetition_counts } } : {}),
  };
}

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
  const parsed = LoopCompleteRequest.parse(input);
  if (parsed.reflection_status !== "done") {
    return {
      ok: false,
      response: { status: "error", message: INVALID_REFLECTION_STATUS_MESSAGE, loop_id: parsed.loop_id },
    };
  }
  const request = LoopCompletion.parse(input);
  const family = familyRecords(parsed.loop_id, state.family);
  const c: Completion = {
    request,
    reflection: request.reflection,
    loopId: parsed.loop_id,
    family,
    current: family.find((item) => item.loop_id === parsed.loop_id) ?? null,
    timestamp: toIsoTimestamp(now),
  };
  const d = decide(c, overridesOf(c), state, config);
  const reflectionPersona = c.reflection.reflection_persona ?? null;
  const orchestratorPersona = request.orchestrator_persona ?? c.current?.orchestrator_persona ?? reflectionPersona;
  const reasoning =
    d.decision.decision === "rerun"
      ? logRerunReasoning({
          rerunTrigger: d.decision.rerun_trigger,
          rerunReason: d.decision.rerun_reason,
          detail: d.decision.rerun_reason_detail,
          overriddenBy: d.overriddenBy,
          reflectionPersona,
          timestamp: c.timestamp,
        })
      : null;
  const completed = completedRecord(c, d, orchestratorPersona);
  const record = reasoning ? applyRerunReasoning(completed, reasoning) : completed;
  return {
    ok: true,
    response: {
      status: "success",
      loop_id: c.loopId,
      reflection_result: reflectionResultOf(c.reflection, d),
      decision_result: d.decision,
      orchestrator_persona: orchestratorPersona,
      timestamp: c.timestamp,
    },
    record,
    newRecord: rerunRecord(c, d, record, orchestratorPersona),
    biasHistory: d.history,
    reasoning,
    guardrails: { limits: d.limits, fatigue: d.fatigue, bias: d.bias },
  };
}

/** The state after an outcome: what an in-memory caller (the turn engine) keeps for the next completion. */
export function applyLoopCompletion(state: LoopGuardrailState, outcome: LoopCompletionOutcome): LoopGuardrailState {
  if (!outcome.ok) return state;
  let family = upsertLoopRecord(state.family, outcome.record);
  if (outcome.newRecord) family = upsertLoopRecord(family, outcome.newRecord);
  return { family, biasHistory: outcome.biasHistory };
}

// What the Loops pages show of a stored loop (client-safe, serialisable: dates as ISO strings).

type LoopKind = "external" | "turn";

export interface LoopView {
  id: string;
  loopId: string;
  familyId: string;
  kind: LoopKind;
  agentKey: string | null;
  turnId: string | null;
  status: string;
  timestamp: string;
  createdAt: string;
  rerunOf: string | null;
  /** 0 for the original loop, n for `_rN`. */
  rerunDepth: number;
  rerunCount: number;
  maxReruns: number;
  biasEcho: boolean;
  repeatedTags: string[];
  biasTags: string[];
  reflectionFatigue: number;
  /** The fatigue at which this loop's agent stops reruns: min(fatigue_threshold, critical_threshold), 0.5. */
  fatigueLimit: number;
  alignmentThreshold: number;
  driftThreshold: number;
  fatigueIncreased: boolean;
  rerunReason: string | null;
  rerunReasonDetail: string | null;
  rerunTrigger: string[];
  decision: "rerun" | "finalize" | "halt" | null;
  finalizeReason: string | null;
  forceFinalize: boolean;
  overriddenBy: string | null;
  overrideReason: string | null;
  overriddenAt: string | null;
  overrideFatigue: boolean;
  overrideMaxReruns: boolean;
  orchestratorPersona: string | null;
  reflectionPersona: string | null;
  alignmentScore: number | null;
  driftScore: number | null;
  summaryValid: boolean | null;
  /** The rerun reasoning (docs/loops.md#rerun-reasoning), when the loop reran. */
  reasoning: Record<string, unknown> | null;
}

export interface LoopOverrideView {
  id: string;
  overriddenBy: string;
  overrideReason: string;
  overrideFatigue: boolean;
  overrideMaxReruns: boolean;
  actorKind: "operator" | "api_key";
  ledgerSeq: number | null;
  createdAt: string;
}

export interface LoopCompletionView {
  id: string;
  createdAt: string;
  /** Where the reflection came from: the request, Focal's judge (goal + output), or the loop's stored one. */
  reflectionSource: "precomputed" | "judged" | "stored";
  decision: string | null;
  newLoopId: string | null;
}

/** `0.45` → "0.45": two decimals, as in "fatigue 0.45 / 0.50". */
export function score2(value: number | null): string {
  return value === null ? "—" : value.toFixed(2);
}

/** Human words for the loop reason enums (the enum value stays visible in monospace next to it). */
export const REASON_WORDS: Record<string, string> = {
  alignment_threshold_not_met: "alignment below threshold",
  drift_threshold_exceeded: "drift above threshold",
  thresholds_met: "thresholds met",
  rerun_limit_reached: "rerun limit reached",
  fatigue_threshold_exceeded: "fatigue threshold exceeded",
  bias_echo_detected: "bias echo detected",
};

/** `loop_001_r2` in family `loop_001` → "_r2"; the root keeps its full id (lineage chips). */
export function shortLoopLabel(loop: Pick<LoopView, "loopId" | "familyId">): string {
  return loop.loopId === loop.familyId ? loop.loopId : loop.loopId.slice(loop.familyId.length);
}

/**
 * Whether a person may override this loop: an orchestrator's loop at any time (the override is honoured
 * at its next completion); a turn's regeneration loop when a guardrail stopped it (the turn has already
 * answered, so the override records who overruled the guardrail and why, on the loop and in the ledger).
 * A turn loop that finished on its own has nothing to override.
 */
export function personMayOverride(loop: { kind: string; forceFinalize: boolean | null }): boolean {
  return loop.kind === "external" || loop.forceFinalize === true;
}

export const loopHref = (loopId: string) => `/loops/${encodeURIComponent(loopId)}`;
export const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

// Continuity rollback metrics (docs/continuity.md#telemetry-and-rollout), computed from stored turns of one window,
// compared with a baseline window. Pure: the host loads the rows, this decides.

export interface RolloutTurn {
  sessionId: string;
  turnIndex: number;
  userMessage: string;
  outcome: string;
  latencyMs: number;
  routed: boolean;
  continuity: { winner?: { id: string } | null; reasons?: string[] } | null;
}

export interface RolloutMetrics {
  turns: number;
  resolved: number;
  /** Resolved choices the customer rejected on the next turn ("no, the other one"). */
  wrongActionRate: number | null;
  clarifierRate: number | null;
  p95RoutedLatencyMs: number | null;
  /** Retries whose evidence fingerprint did not change, over all enrichment attempts. */
  unchangedFingerprintRetryRate: number | null;
}

const REJECTION = /^\s*(?:no\b|nope\b|not (?:that|this)\b|wrong\b|the other\b|i meant\b)/i;

function p95(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? null;
}

export function computeRolloutMetrics(turns: RolloutTurn[]): RolloutMetrics {
  const bySession = new Map<string, RolloutTurn[]>();
  for (const t of turns) bySession.set(t.sessionId, [...(bySession.get(t.sessionId) ?? []), t]);
  let resolved = 0;
  let wrong = 0;
  for (const list of bySession.values()) {
    list.sort((a, b) => a.turnIndex - b.turnIndex);
    list.forEach((t, i) => {
      if (!t.continuity?.winner) return;
      resolved += 1;
      const next = list[i + 1];
      if (next && REJECTION.test(next.userMessage)) wrong += 1;
    });
  }
  const routed = turns.filter((t) => t.routed);
  const attempts = turns.filter((t) => t.continuity?.reasons?.includes("llm_need_more_info"));
  const unchanged = attempts.filter((t) =>
    t.continuity?.reasons?.includes("continuity_enrichment_fingerprint_unchanged"),
  );
  return {
    turns: turns.length,
    resolved,
    wrongActionRate: resolved ? wrong / resolved : null,
    clarifierRate: turns.length ? turns.filter((t) => t.outcome === "clarified").length / turns.length : null,
    p95RoutedLatencyMs: p95(routed.map((t) => t.latencyMs)),
    unchangedFingerprintRetryRate: attempts.length ? unchanged.length / attempts.length : null,
  };
}

export interface RolloutThresholds {
  rollback_wrong_action_rate_increase: number;
  rollback_clarifier_rate_relative_increase: number;
  rollback_p95_latency_increase_ms: number;
  halt_unchanged_fingerprint_retry_rate: number;
}

export interface RolloutCheck {
  metric: string;
  window: number | null;
  baseline: number | null;
  /** How far the window moved, in the threshold's own terms. */
  change: number | null;
  threshold: number;
  unit: string;
  crossed: boolean;
  action: "rollback flag" | "investigate and halt rollout";
}

/** Each metric against its rollback threshold: > 0.5 points absolute, > 10 % relative, > 250 ms, > 2 %. */
export function compareRollout(window: RolloutMetrics, baseline: RolloutMetrics, t: RolloutThresholds): RolloutCheck[] {
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const wrong = diff(window.wrongActionRate, baseline.wrongActionRate);
  const clar =
    window.clarifierRate === null || baseline.clarifierRate === null || baseline.clarifierRate === 0
      ? null
      : (window.clarifierRate - baseline.clarifierRate) / baseline.clarifierRate;
  const latency = diff(window.p95RoutedLatencyMs, baseline.p95RoutedLatencyMs);
  return [
    {
      metric: "Wrong-action rate",
      window: window.wrongActionRate,
      baseline: baseline.wrongActionRate,
      change: wrong,
      threshold: t.rollback_wrong_action_rate_increase,
      unit: "absolute",
      crossed: wrong !== null && wrong > t.rollback_wrong_action_rate_increase,
      action: "rollback flag",
    },
    {
      metric: "Clarifier rate",
      window: window.clarifierRate,
      baseline: baseline.clarifierRate,
      change: clar,
      threshold: t.rollback_clarifier_rate_relative_increase,
      unit: "relative",
      crossed: clar !== null && clar > t.rollback_clarifier_rate_relative_increase,
      action: "rollback flag",
    },
    {
      metric: "P95 latency of routed turns",
      window: window.p95RoutedLatencyMs,
      baseline: baseline.p95RoutedLatencyMs,
      change: latency,
      threshold: t.rollback_p95_latency_increase_ms,
      unit: "ms",
      crossed: latency !== null && latency > t.rollback_p95_latency_increase_ms,
      action: "rollback flag",
    },
    {
      metric: "Unchanged-fingerprint retry rate",
      window: window.unchangedFingerprintRetryRate,
      baseline: baseline.unchangedFingerprintRetryRate,
      change: window.unchangedFingerprintRetryRate,
      threshold: t.halt_unchanged_fingerprint_retry_rate,
      unit: "share of retries",
      crossed: (window.unchangedFingerprintRetryRate ?? 0) > t.halt_unchanged_fingerprint_retry_rate,
      action: "investigate and halt rollout",
    },
  ];
}

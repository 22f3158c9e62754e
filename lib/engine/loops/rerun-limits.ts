// Rerun limits (docs/loops.md#rerun-limits): enforce_rerun_limits, over the family's rerun count the caller computed
// (familyRerunCount).

/** The rerun-limit block of a loop's guardrails status, field for field (docs/loops.md#rerun-limits). */
export interface RerunLimitResult {
  rerun_count: number;
  max_reruns: number;
  limit_reached: boolean;
  force_finalize: boolean;
  overridden: boolean;
  overridden_by: string | null;
}

export interface RerunLimitInput {
  /** Reruns issued so far in the loop's family. */
  totalReruns: number;
  /** The loop record's max_reruns, else RERUN_CONFIG.max_reruns (3; a turn's loop: enforcement.max_retries). */
  maxReruns: number;
  overrideMaxReruns: boolean;
  overrideBy: string | null;
}

/** limit_reached = totalReruns ≥ maxReruns; an override lifts force_finalize and is recorded only if it was needed. */
export function enforceRerunLimits({
  totalReruns,
  maxReruns,
  overrideMaxReruns,
  overrideBy,
}: RerunLimitInput): RerunLimitResult {
  const limitReached = totalReruns >= maxReruns;
  const overridden = overrideMaxReruns && limitReached;
  return {
    rerun_count: totalReruns,
    max_reruns: maxReruns,
    limit_reached: limitReached,
    force_finalize: limitReached && !overrideMaxReruns,
    overridden,
    overridden_by: overridden ? overrideBy : null,
  };
}

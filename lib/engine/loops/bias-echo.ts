import type { BiasTag } from "./loop-trace";

// Bias echo (docs/loops.md#bias-echo): detect_bias_repetition. The history is GLOBAL (every loop family of the agent or
// instance, as the caller scopes it): tag → occurrences, one occurrence per loop that flagged the tag. This loop's
// tags are added to the history FIRST and then compared, so with threshold 3 a tag
// flagged for the third time trips the filter.

export type BiasHistory = Readonly<Record<string, number>>;

/** The bias-echo block of a loop's guardrails status, field for field (docs/loops.md#bias-echo). */
export interface BiasEchoResult {
  bias_repetition: boolean;
  repeated_tags: string[];
  repetition_counts: Record<string, number>;
  threshold: number;
  bias_echo: boolean;
  trigger: "pessimist" | null;
  action: "halt_loop" | null;
}

export interface BiasEchoInput {
  biasTags: readonly BiasTag[];
  /** Global occurrences BEFORE this loop's tags are added. */
  history: BiasHistory;
  /** RERUN_CONFIG.bias_repetition_threshold (3). */
  threshold: number;
}

/** A loop that flags one tag twice has flagged it once: echo is about repetition across loops. */
export function uniqueTags(biasTags: readonly BiasTag[]): string[] {
  return [...new Set(biasTags.map((t) => t.tag))];
}

export function detectBiasRepetition({ biasTags, history, threshold }: BiasEchoInput): {
  result: BiasEchoResult;
  history: Record<string, number>;
} {
  const tags = uniqueTags(biasTags);
  const updated: Record<string, number> = { ...history };
  for (const tag of tags) updated[tag] = (updated[tag] ?? 0) + 1;

  const repeatedTags: string[] = [];
  const repetitionCounts: Record<string, number> = {};
  for (const tag of tags) {
    const occurrences = updated[tag] ?? 0;
    repetitionCounts[tag] = occurrences;
    if (occurrences >= threshold) repeatedTags.push(tag);
  }
  const repetition = repeatedTags.length > 0;
  return {
    result: {
      bias_repetition: repetition,
      repeated_tags: repeatedTags,
      repetition_counts: repetitionCounts,
      threshold,
      bias_echo: repetition,
      trigger: repetition ? "pessimist" : null,
      action: repetition ? "halt_loop" : null,
    },
    history: updated,
  };
}

/**
 * The history minus one loop's earlier contribution (floored at 0, zero counts dropped). Completing an
 * already-completed loop again (an operator override, a retried POST) replaces its tags instead of
 * counting them twice.
 */
export function withoutLoopTags(history: BiasHistory, biasTags: readonly BiasTag[]): Record<string, number> {
  const updated: Record<string, number> = { ...history };
  for (const tag of uniqueTags(biasTags)) {
    const left = (updated[tag] ?? 0) - 1;
    if (left > 0) updated[tag] = left;
    else delete updated[tag];
  }
  return updated;
}

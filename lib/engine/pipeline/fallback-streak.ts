/**
 * `TurnInput.fallbackStreak` (docs/handoffs.md#repeated-fallbacks): the `fallback` outcomes in a row at
 * the end of the session, counted among its last `limit` turns (newest first) — the host over stored
 * turns, a replay over the turns it replayed, so both give a turn the same count. Any other outcome
 * (answered, queued for a person, handed off) ends the run; past `limit` the count changes nothing,
 * since `limit` in a row already hands off.
 */
export function fallbackStreak(outcomesNewestFirst: readonly string[], limit: number): number {
  const recent = outcomesNewestFirst.slice(0, Math.max(0, limit));
  const other = recent.findIndex((outcome) => outcome !== "fallback");
  return other < 0 ? recent.length : other;
}

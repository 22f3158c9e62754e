import type { StageDecision } from "./replay-types";

export interface StagePair {
  name: string;
  before: StageDecision | null;
  after: StageDecision | null;
  /** Same status and decision on both sides. */
  same: boolean;
}

/**
 * The stored trace's stages beside a replay's, matched by name and occurrence (a stage that ran twice
 * pairs its first run with the first, and so on): stored order first, then stages only the replay ran.
 */
export function pairStages(stored: StageDecision[], replayed: StageDecision[]): StagePair[] {
  const remaining = replayed.map((stage, index) => ({ stage, index }));
  const pairs: StagePair[] = stored.map((before) => {
    const at = remaining.findIndex((r) => r.stage.name === before.name);
    const after = at >= 0 ? (remaining.splice(at, 1)[0]?.stage ?? null) : null;
    return { name: before.name, before, after, same: sameStage(before, after) };
  });
  for (const { stage } of remaining) pairs.push({ name: stage.name, before: null, after: stage, same: false });
  return pairs;
}

function sameStage(a: StageDecision | null, b: StageDecision | null): boolean {
  return a !== null && b !== null && a.status === b.status && a.decision === b.decision;
}

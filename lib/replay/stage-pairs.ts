import type { StageDecision } from "./replay-types";

export interface StagePair {
  /** The stage's name and its run (`regeneration#2`): unique in the list. */
  key: string;
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
  const remaining = [...replayed];
  const seen = new Map<string, number>();
  const keyOf = (name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name}#${n}`;
  };
  const pairs: StagePair[] = stored.map((before) => {
    const at = remaining.findIndex((stage) => stage.name === before.name);
    const after = at >= 0 ? (remaining.splice(at, 1)[0] ?? null) : null;
    return { key: keyOf(before.name), name: before.name, before, after, same: sameStage(before, after) };
  });
  for (const stage of remaining) {
    pairs.push({ key: keyOf(stage.name), name: stage.name, before: null, after: stage, same: false });
  }
  return pairs;
}

function sameStage(a: StageDecision | null, b: StageDecision | null): boolean {
  return a !== null && b !== null && a.status === b.status && a.decision === b.decision;
}

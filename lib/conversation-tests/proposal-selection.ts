import type { BundleTestCase } from "@/lib/engine/contracts/test-case";

// "Save as test": the proposed case with the assertions the designer unticked dropped.

/** Which proposed assertions are kept: "turns[0].assertions[2]" or "assertions[1]" → kept. */
export type Selection = Record<string, boolean>;

export const turnAssertionId = (turn: number, index: number) => `turns[${turn}].assertions[${index}]`;
export const conversationAssertionId = (index: number) => `assertions[${index}]`;

/** Every proposed assertion kept. */
export function keepAll(proposal: BundleTestCase): Selection {
  const out: Selection = {};
  for (const [t, turn] of proposal.turns.entries()) {
    for (const a of turn.assertions.keys()) out[turnAssertionId(t, a)] = true;
  }
  for (const a of proposal.assertions.keys()) out[conversationAssertionId(a)] = true;
  return out;
}

/** The case to save: the proposal with its edited key, name and suite, and only the kept assertions. */
export function selectedCase(
  proposal: BundleTestCase,
  selection: Selection,
  names: { key: string; name: string; suite: string },
): BundleTestCase {
  const kept = (id: string) => selection[id] !== false;
  return {
    ...proposal,
    ...names,
    turns: proposal.turns.map((turn, t) => ({
      ...turn,
      assertions: turn.assertions.filter((_, a) => kept(turnAssertionId(t, a))),
    })),
    assertions: proposal.assertions.filter((_, a) => kept(conversationAssertionId(a))),
  };
}

/** How many of the proposed assertions are kept, of how many. */
export function keptCount(selection: Selection): { kept: number; total: number } {
  const values = Object.values(selection);
  return { kept: values.filter(Boolean).length, total: values.length };
}

/**
 * A server error's path in the saved case ("turns[0].assertions[1].rule") as the path of that
 * assertion in the proposal, where the dropped ones still count: the dialog shows it at its checkbox.
 */
export function proposalPath(proposal: BundleTestCase, selection: Selection, path: string): string {
  const kept = (ids: string[]) => ids.filter((id) => selection[id] !== false);
  const turn = /^turns\[(\d+)\]\.assertions\[(\d+)\](.*)$/.exec(path);
  if (turn) {
    const t = Number(turn[1]);
    const ids = kept((proposal.turns[t]?.assertions ?? []).map((_, a) => turnAssertionId(t, a)));
    return `${ids[Number(turn[2])] ?? `turns[${t}].assertions[${turn[2]}]`}${turn[3]}`;
  }
  const whole = /^assertions\[(\d+)\](.*)$/.exec(path);
  if (whole) {
    const ids = kept(proposal.assertions.map((_, a) => conversationAssertionId(a)));
    return `${ids[Number(whole[1])] ?? `assertions[${whole[1]}]`}${whole[2]}`;
  }
  return path;
}

import type { ReplayRunView } from "./replay-runs";

// A replay report quotes what the agent said to customers: the stored reply of each turn, the replayed
// one, and the word diff between them. That is trace data: an API key needs traces:read to read it,
// as it would to read the turn itself; agents:read alone sees every decision but not the words.

export const HIDDEN_REPLY = "[hidden: reading replies needs the traces:read scope]";

/** The run as a key without traces:read may see it: replies and their diffs replaced, decisions kept. */
export function hideStoredReplies(run: ReplayRunView): ReplayRunView {
  if (!run.report) return run;
  const turns = run.report.turns.map((turn) => ({
    ...turn,
    before: { ...turn.before, response: HIDDEN_REPLY },
    after: turn.after ? { ...turn.after, response: HIDDEN_REPLY } : turn.after,
    diff: turn.diff ? { ...turn.diff, response: undefined } : turn.diff,
  }));
  return { ...run, report: { ...run.report, turns } };
}

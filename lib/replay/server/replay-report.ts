import type { ReplayedSession, ReplayedTurn } from "@/lib/engine/replay/replay-session";

/** One replayed turn in a report, with the session it belongs to. */
export type ReportTurn = ReplayedTurn & { sessionId: string };

// A type, not an interface: stored as a job's jsonb summary (see ReplayReport).
export type ReplayCounts = {
  sessions: number;
  turns: number;
  replayed: number;
  same: number;
  changed: number;
  not_replayable: number;
  diverged: number;
  outcome_changes: number;
  newly_blocked: number;
  newly_unblocked: number;
};

// A type, not an interface: stored whole as a job's jsonb result, which takes a plain object (an
// interface has no index signature).
export type ReplayReport = {
  mode: "frozen" | "live";
  /** What the sessions were replayed under. */
  target: { kind: "draft" | "current" | "version" | "recorded"; config_version: number | null };
  counts: ReplayCounts;
  /** Rule key → number of replayed turns on which it now fires and did not, or stops firing. */
  rules_started: Record<string, number>;
  rules_stopped: Record<string, number>;
  /** Changed turns first, then not replayable ones; `same` turns are only counted unless asked for. */
  turns: ReportTurn[];
  model_calls: { before: number; after: number };
  /** Live mode: model calls made to the provider. */
  live_model_calls: number;
  /** Sessions whose replay stopped at a handoff or an undecided approval: the last turn replayed and why. */
  stops: ReplayStopRow[];
};

type ReplayStopRow = { session_id: string; turn_index: number; reason: "handoff" | "approval"; note: string };

const RANK: Record<ReplayedTurn["status"], number> = { changed: 0, not_replayable: 1, same: 2 };

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** Folds replayed sessions into a report: counts, groups, and the turns to look at, changed first. */
export function buildReplayReport(
  sessions: ReplayedSession[],
  head: Pick<ReplayReport, "mode" | "target">,
  options: { includeSame?: boolean } = {},
): ReplayReport {
  const counts: ReplayCounts = {
    sessions: sessions.length,
    turns: 0,
    replayed: 0,
    same: 0,
    changed: 0,
    not_replayable: 0,
    diverged: 0,
    outcome_changes: 0,
    newly_blocked: 0,
    newly_unblocked: 0,
  };
  const rules_started: Record<string, number> = {};
  const rules_stopped: Record<string, number> = {};
  const turns: ReportTurn[] = [];
  const model_calls = { before: 0, after: 0 };
  let live_model_calls = 0;
  const stops: ReplayStopRow[] = [];
  for (const session of sessions) {
    if (session.stopped) {
      const { turnIndex, reason, note } = session.stopped;
      stops.push({ session_id: session.sessionId, turn_index: turnIndex, reason, note });
    }
    for (const turn of session.turns) {
      counts.turns += 1;
      counts[turn.status] += 1;
      if (turn.status !== "not_replayable") counts.replayed += 1;
      if (turn.diverged) counts.diverged += 1;
      model_calls.before += turn.before.model_calls;
      if (turn.after) {
        model_calls.after += turn.after.model_calls;
        if (head.mode === "live") live_model_calls += turn.after.model_calls;
      }
      const diff = turn.diff;
      if (diff?.outcome) counts.outcome_changes += 1;
      if (diff?.newly_blocked) counts.newly_blocked += 1;
      if (diff?.newly_unblocked) counts.newly_unblocked += 1;
      for (const key of diff?.rules_fired?.started ?? []) bump(rules_started, key);
      for (const key of diff?.rules_fired?.stopped ?? []) bump(rules_stopped, key);
      if (turn.status !== "same" || options.includeSame) turns.push({ ...turn, sessionId: session.sessionId });
    }
  }
  turns.sort((a, b) => RANK[a.status] - RANK[b.status]);
  return { ...head, counts, rules_started, rules_stopped, turns, model_calls, live_model_calls, stops };
}

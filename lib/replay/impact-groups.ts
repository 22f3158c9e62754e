import type { ReplayCounts, ReplayReport, ReportTurn } from "./replay-types";

/** "1 turn", "12 turns". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** "Replaying 40 of 200 sessions…"; before the first count arrives, "Replaying…". */
export function progressText(progress: { done: number; total: number } | null): string {
  if (!progress || progress.total === 0) return "Replaying…";
  return `Replaying ${progress.done} of ${countOf(progress.total, "session")}…`;
}

/** "1 of 12 turns would change". */
export function changedHeadline(counts: Pick<ReplayCounts, "changed" | "turns">): string {
  return `${counts.changed} of ${countOf(counts.turns, "turn")} would change`;
}

/** The counts a save records in its ledger event, as the History page says them. */
export interface PreviewCounts {
  turns: number;
  changed: number;
  outcome_changes: number;
  newly_blocked: number;
  not_replayable: number;
}

/** "Previewed: 1 of 12 turns changed (1 outcome change, 0 newly blocked)", plus what could not be replayed. */
export function previewCountsText(c: PreviewCounts): string {
  const unreplayable = c.not_replayable > 0 ? `, ${c.not_replayable} not replayable` : "";
  return `Previewed: ${c.changed} of ${countOf(c.turns, "turn")} changed (${countOf(c.outcome_changes, "outcome change")}, ${c.newly_blocked} newly blocked${unreplayable})`;
}

export interface RuleCount {
  key: string;
  turns: number;
}

interface OutcomeShift {
  before: string;
  after: string;
  turns: number;
}

/** A report in the groups the preview shows, each list in the report's order (changed turns first). */
export interface ImpactGroups {
  changed: ReportTurn[];
  outcomeShifts: OutcomeShift[];
  outcomeChanges: ReportTurn[];
  newlyBlocked: ReportTurn[];
  rulesStarted: RuleCount[];
  rulesStopped: RuleCount[];
  notReplayable: ReportTurn[];
  diverged: ReportTurn[];
}

/** Most turns first, then by key: the rule that moves most is read first. */
function ruleCounts(map: Record<string, number>): RuleCount[] {
  return Object.entries(map)
    .map(([key, turns]) => ({ key, turns }))
    .sort((a, b) => b.turns - a.turns || a.key.localeCompare(b.key));
}

/** "regenerated → answered" on 3 turns: the outcome changes folded by their before and after. */
function outcomeShifts(turns: ReportTurn[]): OutcomeShift[] {
  const byPair = new Map<string, OutcomeShift>();
  for (const turn of turns) {
    const outcome = turn.diff?.outcome;
    if (!outcome) continue;
    const key = `${outcome.before}→${outcome.after}`;
    const shift = byPair.get(key) ?? { before: outcome.before, after: outcome.after, turns: 0 };
    shift.turns += 1;
    byPair.set(key, shift);
  }
  return [...byPair.values()].sort((a, b) => b.turns - a.turns || a.before.localeCompare(b.before));
}

export function groupImpact(report: Pick<ReplayReport, "turns" | "rules_started" | "rules_stopped">): ImpactGroups {
  const changed = report.turns.filter((t) => t.status === "changed");
  return {
    changed,
    outcomeShifts: outcomeShifts(changed),
    outcomeChanges: changed.filter((t) => t.diff?.outcome),
    newlyBlocked: changed.filter((t) => t.diff?.newly_blocked),
    rulesStarted: ruleCounts(report.rules_started),
    rulesStopped: ruleCounts(report.rules_stopped),
    notReplayable: report.turns.filter((t) => t.status === "not_replayable"),
    diverged: report.turns.filter((t) => t.diverged),
  };
}

/** A turn's status in words, saying so when the replay asked the model for something the tape did not hold. */
export function turnStatusText(turn: Pick<ReportTurn, "status" | "diverged">): string {
  const status = turn.status === "not_replayable" ? "not replayable" : turn.status;
  return turn.diverged ? `${status} · the model's answer differed from the recorded one` : status;
}

import { diffWords } from "diff";
import type { KnowledgeDecision, PassageRef, TurnDecisions } from "./turn-decisions";

type ChangeKind =
  | "outcome"
  | "response"
  | "scenario"
  | "step"
  | "rules_fired"
  | "rules_violated"
  | "checks"
  | "tools"
  | "model_calls"
  | "regenerations"
  | "fallback_reason"
  | "knowledge";

export interface WordPart {
  text: string;
  /** Only in the replay (`added`), only in the original (`removed`), or in both. */
  op: "same" | "added" | "removed";
}

interface CheckChange {
  check: string;
  before: string | null;
  after: string | null;
}

export interface DecisionDiff {
  same: boolean;
  changed: ChangeKind[];
  outcome?: { before: string; after: string };
  response?: WordPart[];
  scenario?: { before: string | null; after: string | null };
  step?: { before: string | null; after: string | null };
  rules_fired?: { started: string[]; stopped: string[] };
  rules_violated?: { started: string[]; stopped: string[] };
  checks?: CheckChange[];
  tools?: { before: string[]; after: string[] };
  model_calls?: { before: number; after: number };
  /** The passages a turn used: only in the replay (`started`), only in the original (`stopped`), by id. */
  knowledge?: { started: PassageRef[]; stopped: PassageRef[]; abstained: { before: boolean; after: boolean } };
  /** A reply that failed a check and no longer ships, or one that now would: the preview's "newly blocked". */
  newly_blocked: boolean;
  newly_unblocked: boolean;
}

function setChange(before: string[], after: string[]): { started: string[]; stopped: string[] } {
  return { started: after.filter((k) => !before.includes(k)), stopped: before.filter((k) => !after.includes(k)) };
}

const BLOCKING = new Set(["regenerated", "fallback"]);

function wasBlocked(d: TurnDecisions): boolean {
  return d.rules_violated.length > 0 || (BLOCKING.has(d.outcome) && d.fallback_reason === "enforcement_exhausted");
}

const NO_KNOWLEDGE: KnowledgeDecision = { used: [], cited: [], abstained: false };

function knowledgeKey(k: KnowledgeDecision): string {
  return JSON.stringify([k.used.map((p) => p.passage_id), [...k.cited].sort(), k.abstained]);
}

/** Passages in `a` and not in `b`, by id. */
function passagesOnlyIn(a: KnowledgeDecision, b: KnowledgeDecision): PassageRef[] {
  const other = new Set(b.used.map((p) => p.passage_id));
  return a.used.filter((p) => !other.has(p.passage_id));
}

function knowledgeChange(before: TurnDecisions, after: TurnDecisions): DecisionDiff["knowledge"] {
  const was = before.knowledge ?? NO_KNOWLEDGE;
  const is = after.knowledge ?? NO_KNOWLEDGE;
  if (knowledgeKey(was) === knowledgeKey(is)) return undefined;
  return {
    started: passagesOnlyIn(is, was),
    stopped: passagesOnlyIn(was, is),
    abstained: { before: was.abstained, after: is.abstained },
  };
}

/** What changed between a stored turn's decisions and its replay's, field by field. */
export function diffDecisions(before: TurnDecisions, after: TurnDecisions): DecisionDiff {
  const changed: ChangeKind[] = [];
  const diff: DecisionDiff = { same: true, changed, newly_blocked: false, newly_unblocked: false };
  if (before.outcome !== after.outcome) {
    changed.push("outcome");
    diff.outcome = { before: before.outcome, after: after.outcome };
  }
  if (before.response !== after.response) {
    changed.push("response");
    diff.response = diffWords(before.response, after.response).map((part) => ({
      text: part.value,
      op: part.added ? "added" : part.removed ? "removed" : "same",
    }));
  }
  if (before.scenario?.id !== after.scenario?.id) {
    changed.push("scenario");
    diff.scenario = { before: before.scenario?.name ?? null, after: after.scenario?.name ?? null };
  }
  if (before.step?.id !== after.step?.id) {
    changed.push("step");
    diff.step = { before: before.step?.name ?? null, after: after.step?.name ?? null };
  }
  if (before.rules_fired.join("\n") !== after.rules_fired.join("\n")) {
    changed.push("rules_fired");
    diff.rules_fired = setChange(before.rules_fired, after.rules_fired);
  }
  if ([...before.rules_violated].sort().join("\n") !== [...after.rules_violated].sort().join("\n")) {
    changed.push("rules_violated");
    diff.rules_violated = setChange(before.rules_violated, after.rules_violated);
  }
  const checkKeys = [...new Set([...Object.keys(before.checks), ...Object.keys(after.checks)])].sort();
  const checks = checkKeys
    .filter((k) => before.checks[k] !== after.checks[k])
    .map((k) => ({ check: k, before: before.checks[k] ?? null, after: after.checks[k] ?? null }));
  if (checks.length > 0) {
    changed.push("checks");
    diff.checks = checks;
  }
  const toolList = (d: TurnDecisions) => d.tools.map((t) => `${t.key}:${t.ok ? "ok" : "failed"}`);
  if (toolList(before).join("\n") !== toolList(after).join("\n")) {
    changed.push("tools");
    diff.tools = { before: toolList(before), after: toolList(after) };
  }
  if (before.model_calls !== after.model_calls) {
    changed.push("model_calls");
    diff.model_calls = { before: before.model_calls, after: after.model_calls };
  }
  if (before.regenerations !== after.regenerations) changed.push("regenerations");
  if (before.fallback_reason !== after.fallback_reason) changed.push("fallback_reason");
  const knowledge = knowledgeChange(before, after);
  if (knowledge) {
    changed.push("knowledge");
    diff.knowledge = knowledge;
  }
  diff.same = changed.length === 0;
  diff.newly_blocked = !wasBlocked(before) && wasBlocked(after);
  diff.newly_unblocked = wasBlocked(before) && !wasBlocked(after);
  return diff;
}

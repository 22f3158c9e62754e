import type { GoalEvidence } from "../../contracts/goal-state";
import type { SenseEvidence } from "../../contracts/model";
import type { SessionState } from "../../contracts/session-state";
import type { ToolCall } from "../tools/run-tools";

// Evidence support ("Must cite supporting evidence"): the evidence a model-proposed candidate may cite,
// by id. One format for both ends — what the sensor is shown and what the validator checks — so a
// candidate is judged against the very text the model read (the validator may see more of it).
//
//   var:<name>       a session variable: tool outputs mapped into variables on earlier turns, and
//                    values carried between turns (the only form earlier tool outputs persist in);
//   profile:<field>  a customer profile field;
//   tool:<key>       a tool this turn called (it runs after the sensor, so only the validator sees it).

/** Evidence text the validator checks: 2,000 characters of one value are plenty to ground a narrowing. */
export const EVIDENCE_TEXT_MAX = 2000;
/**
 * The sensor is the one model call every turn makes (docs/pipeline.md#model-call-budget) and its latency is the
 * turn's, so what it is shown is bounded: 16 items of at most 600 characters, ≤ ~10,500 characters
 * with ids and JSON quoting (~2,600 tokens at 4 characters a token). That stays under the OpenAI
 * prompt's 16,000-character data block (MAX_DATA_CHARS), which a longer list would overflow into a
 * truncated preview with ids cut off. 16 covers the demo agent's variables and profile fields many
 * times over; the span reports how many there were.
 */
export const SENSE_EVIDENCE_MAX_ITEMS = 16;
export const SENSE_EVIDENCE_TEXT_MAX = 600;

const valueText = (name: string, value: unknown) => `${name}: ${JSON.stringify(value)}`;

/** The text an evidence id names in this turn, or undefined when it names nothing the turn holds. */
export function evidenceText(id: string, session: SessionState, toolCalls: ToolCall[]): string | undefined {
  const colon = id.indexOf(":");
  if (colon < 0) return undefined;
  const kind = id.slice(0, colon);
  const name = id.slice(colon + 1);
  let text: string | undefined;
  if (kind === "tool") {
    const call = toolCalls.find((c) => c.ok && c.key === name);
    if (call) text = JSON.stringify(call.output);
  } else if (kind === "profile" && Object.hasOwn(session.profile, name) && session.profile[name] != null) {
    text = valueText(name, session.profile[name]);
  } else if (kind === "var" && Object.hasOwn(session.variables, name) && session.variables[name] != null) {
    text = valueText(name, session.variables[name]);
  }
  return text?.slice(0, EVIDENCE_TEXT_MAX);
}

/** Resolves cited ids against what the turn holds; ids that name nothing are dropped, never invented. */
export function resolveEvidence(
  ids: string[],
  session: SessionState,
  toolCalls: ToolCall[],
): { found: GoalEvidence[]; dropped: string[] } {
  const found: GoalEvidence[] = [];
  const dropped: string[] = [];
  // 50: the most evidence items a candidate takes (ReformulationCandidate.evidence).
  for (const id of [...new Set(ids)].slice(0, 50)) {
    const text = evidenceText(id, session, toolCalls);
    if (text === undefined) dropped.push(id);
    else found.push({ id, text });
  }
  return { found, dropped };
}

/**
 * What the sensor may cite, before the turn's tools run: session variables, then profile fields, each
 * by name (deterministic whatever order the database returned the keys in), null values left out.
 */
export function sensingEvidence(session: SessionState): { items: SenseEvidence[]; total: number } {
  const ids = [
    ...Object.keys(session.variables)
      .filter((name) => session.variables[name] != null)
      .sort()
      .map((name) => `var:${name}`),
    ...Object.keys(session.profile)
      .filter((name) => session.profile[name] != null)
      .sort()
      .map((name) => `profile:${name}`),
  ];
  const items = ids.slice(0, SENSE_EVIDENCE_MAX_ITEMS).map((id) => ({
    id,
    text: (evidenceText(id, session, []) ?? "").slice(0, SENSE_EVIDENCE_TEXT_MAX),
  }));
  return { items, total: ids.length };
}

import type { AgentSnapshot } from "../../../contracts/snapshot";
import { indexText, type TextIndex } from "./source-index";

/**
 * The agent's own texts (rule names, conditions and actions, scenario and step texts, descriptions,
 * a static tool's data), each read for facts at most once per compiled agent instead of on every
 * draft: at 1,000 rules a turn's evidence holds about 60 of them, 3,000 characters, and reading them
 * was 45% of the turn. Only the texts named at compile time are kept, so a long-lived agent holds no
 * customer text; any other text is read afresh. The readings are those of `indexText`, so the
 * check's result is the same.
 */
export class KnownTexts {
  private readonly read = new Map<string, TextIndex>();

  constructor(private readonly texts: ReadonlySet<string>) {}

  index = (text: string): TextIndex => {
    if (!this.texts.has(text)) return indexText(text);
    let index = this.read.get(text);
    if (!index) {
      index = indexText(text);
      this.read.set(text, index);
    }
    return index;
  };
}

/** The strings inside a static tool's data, as source-index.ts collects them (keys left out, depth ≤ 20). */
function stringsIn(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 20 || value === null || value === undefined) return;
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into, depth + 1);
  else if (typeof value === "object") for (const item of Object.values(value)) stringsIn(item, into, depth + 1);
}

/**
 * The texts grounding-evidence.ts hands the `ungrounded` check that come from the configuration: the
 * rules' and the scenarios' own words, the profile fields' descriptions (asked-for variables), the
 * out-of-scope reply (a fixed draft), and the strings of every static tool's data (its outputs, and
 * the session variables filled from them).
 */
export function knownTextsOf(snapshot: AgentSnapshot, outOfScopeReply?: string): Set<string> {
  const texts = new Set<string>(outOfScopeReply === undefined ? [] : [outOfScopeReply]);
  for (const rule of snapshot.rules) texts.add(rule.name).add(rule.conditionText).add(rule.actionText);
  for (const scenario of snapshot.scenarios) {
    texts.add(scenario.name).add(scenario.description);
    for (const step of scenario.steps) texts.add(step.name).add(step.instructions).add(step.clarificationHint);
  }
  for (const field of snapshot.profileFields) texts.add(field.description);
  for (const tool of snapshot.tools) if (tool.kind === "static") stringsIn(tool.output.data, texts);
  return texts;
}

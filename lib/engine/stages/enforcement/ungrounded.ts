import type { AgentSettings } from "../../contracts/agent-settings";
import type { RuleCheck, UnsupportedFact } from "../../contracts/turn-outcome";
import { checkGrounding, type GroundingSources } from "./grounding/check-grounding";
import type { ReadText } from "./grounding/source-index";

/** The violation's key, id and name: not `grounding`, the similarity check (relevance.ts). */
export const UNGROUNDED = "ungrounded";

/** What a redraft is told when the last draft stated facts no evidence holds. */
export const UNGROUNDED_INSTRUCTION =
  "State only amounts, numbers, dates, durations, phone numbers, e-mail addresses, links and codes that the " +
  "tool outputs, the rules and step, the customer's messages or the cited passages give; leave out or ask " +
  "about anything else.";

type GroundingFactsMode = AgentSettings["enforcement"]["grounding_facts"];

const BASE = { ruleId: UNGROUNDED, ruleKey: UNGROUNDED, ruleName: "Ungrounded facts", lane: 1 as const };

/** The check not run (lane 1 switched off), said in the trace like every lane-1 rule. */
export const ungroundedSkipped = (why: string): RuleCheck => ({ ...BASE, result: "skipped", detail: why });

const quoted = (facts: UnsupportedFact[]) => facts.map((f) => `${f.kind} "${f.text}"`).join(", ");

/**
 * Lane 1's `ungrounded` check (README.md#ungrounded-facts): every checkable fact of the draft must be
 * found in the turn's evidence. Facts only: names are listed where they were (or were not) found but
 * never block, and the share of unsupported words (grounding/unsupported-content.ts) is not applied —
 * it was fit on answers read against retrieved passages, and a support reply's wording comes from the
 * model, not from its sources. `block`: a fact found nowhere fails the draft; `report`: the same
 * facts are listed, the check is `reported`, and the reply ships.
 */
export function ungroundedCheck(
  draft: string,
  evidence: GroundingSources,
  mode: Exclude<GroundingFactsMode, "off">,
  language?: string,
  readText?: ReadText,
): RuleCheck {
  const check = checkGrounding(draft, evidence, {
    unsupportedShareLimit: null,
    ...(language ? { language } : {}),
    ...(readText ? { readText } : {}),
  });
  const whereFound = Object.fromEntries(
    check.facts.map((f) => [
      `${f.kind} ${f.text}`,
      f.foundIn ?? (f.kind === "name" ? "nowhere (names only reported)" : "nowhere"),
    ]),
  );
  // One entry per fact: a long reply that repeats "one business day" twenty times states it once.
  const unsupported = [
    ...new Map(check.ungrounded.map(({ kind, value, text }) => [`${kind} ${value}`, { kind, value, text }])).values(),
  ];
  if (unsupported.length === 0) {
    const checkable = check.facts.filter((f) => f.kind !== "name").length;
    const detail = checkable === 0 ? "no checkable facts" : `every fact found in the evidence (${checkable})`;
    return { ...BASE, result: "passed", detail, variables: whereFound };
  }
  const found = `found in no evidence: ${quoted(unsupported)}`;
  return mode === "block"
    ? { ...BASE, result: "failed", detail: found, variables: whereFound, unsupportedFacts: unsupported }
    : {
        ...BASE,
        result: "reported",
        detail: `${found}; reported, not blocked (enforcement.grounding_facts = report)`,
        variables: whereFound,
        unsupportedFacts: unsupported,
      };
}

import { cosine, round3 } from "../../compile/similarity";
import type { RuleCheck } from "../../contracts/turn-outcome";

// Refusal phrases ("I don't know", "I cannot answer", …) and their curly-apostrophe forms: a reply that
// declines is on-topic by definition, so it bypasses the relevance threshold (README.md).
const REFUSAL_PHRASES = [
  "i don't know",
  "i cannot answer",
  "i'm not able to",
  "outside my capabilities",
  "i don't have that information",
];

function isRefusal(response: string): boolean {
  const text = response.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  return REFUSAL_PHRASES.some((phrase) => text.includes(phrase));
}

function globalCheck(
  key: string,
  name: string,
  result: RuleCheck["result"],
  detail: string,
  score?: number,
): RuleCheck {
  return { ruleId: key, ruleKey: key, ruleName: name, lane: 1, result, detail, score };
}

/** Relevance: query ↔ response similarity, with valid refusals ("I don't know") passing by bypass. */
export function relevanceCheck(
  query: Float32Array,
  response: Float32Array,
  responseText: string,
  config: { relevance_threshold: number; relevance_refusal_bypass: boolean },
): RuleCheck {
  if (config.relevance_refusal_bypass && isRefusal(responseText)) {
    return globalCheck("relevance", "Relevance", "passed", "refusal bypass", 1);
  }
  const score = round3(cosine(query, response));
  const ok = score >= config.relevance_threshold;
  return globalCheck(
    "relevance",
    "Relevance",
    ok ? "passed" : "failed",
    `similarity ${score} ${ok ? "≥" : "<"} ${config.relevance_threshold}`,
    score,
  );
}

/** Grounding: the reply must stay close to what the turn knew (tool outputs, step, rules, profile). */
export function groundingCheck(context: Float32Array, response: Float32Array, threshold: number): RuleCheck {
  const score = round3(cosine(context, response));
  const ok = score >= threshold;
  return globalCheck(
    "grounding",
    "Grounding",
    ok ? "passed" : "failed",
    `similarity ${score} ${ok ? "≥" : "<"} ${threshold}`,
    score,
  );
}

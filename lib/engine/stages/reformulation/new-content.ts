import type { GoalEvidence } from "../../contracts/goal-state";
import { isPlace } from "./geography";
import { porterStem } from "./porter-stem";
import { LIMIT_WORDS } from "./scope-ranges";
import { contentTokens, isNumberToken, phrasesOf, phraseText, type Token, tokenize } from "./text-tokens";

// What the candidate says that the original did not: its content tokens no original token mapped
// onto, as phrases. Each must be grounded in evidence ("Must cite supporting evidence";
// "Assumption injection — No supporting evidence").

/** Output-format words ("Format specification": "summary" → "bullet-point summary"), as stems. */
const FORMAT_STEMS = new Set(
  `bullet bulleted point list table chart graph paragraph sentence word json csv markdown brief short concise
  detailed numbered outline format step tldr`
    .split(/\s+/)
    .map(porterStem),
);

export interface NewPhrase {
  tokens: Token[];
  text: string;
  /** Only output-format words. */
  format: boolean;
  /** A proper name or place ("Google", "New York"). */
  entity: boolean;
  /** Only limit words and numbers ("top 5"). */
  limit: boolean;
}

function isEntity(tokens: Token[]): boolean {
  if (isPlace(phraseText(tokens))) return true;
  return tokens.some((t) => (t.capitalized && !t.sentenceStart) || (t.raw.length >= 2 && /^\p{Lu}+$/u.test(t.raw)));
}

export function newContentPhrases(candidate: Token[], usedPositions: Set<number>): NewPhrase[] {
  const fresh = contentTokens(candidate).filter((t) => !usedPositions.has(t.position));
  return phrasesOf(candidate, fresh).map((tokens) => ({
    tokens,
    text: phraseText(tokens),
    format: tokens.every((t) => FORMAT_STEMS.has(t.stem)),
    entity: isEntity(tokens),
    limit: tokens.every((t) => isNumberToken(t.norm) || LIMIT_WORDS.has(t.norm)),
  }));
}

export interface EvidenceGrounding {
  /** Evidence items that mention what the candidate adds (or, adding nothing, what it says). */
  supportingIds: string[];
  /** Non-format new phrases some word of which no evidence item mentions. */
  ungrounded: NewPhrase[];
}

/**
 * Limit words ("top", "under") need no grounding of their own: the number beside them carries
 * the claim ("only the five largest" grounds "top 5"). Comparison is by Porter stem; numbers exactly.
 */
export function groundInEvidence(candidate: Token[], added: NewPhrase[], evidence: GoalEvidence[]): EvidenceGrounding {
  const itemStems = evidence.map((item) => ({
    id: item.id,
    stems: new Set(contentTokens(tokenize(item.text)).map((t) => t.stem)),
  }));
  const allStems = new Set(itemStems.flatMap((item) => [...item.stems]));
  const relevant = added.length > 0 ? added.flatMap((p) => p.tokens) : contentTokens(candidate);
  const supportingIds = itemStems.filter((item) => relevant.some((t) => item.stems.has(t.stem))).map((item) => item.id);
  const ungrounded = added.filter(
    (p) => !p.format && p.tokens.some((t) => !LIMIT_WORDS.has(t.norm) && !allStems.has(t.stem)),
  );
  return { supportingIds, ungrounded };
}

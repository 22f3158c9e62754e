import { STOPWORDS, words } from "../text/words";
import { bm25, bm25Query, type CorpusStats, termCeiling } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { RankedPassage } from "./rank-passages";
import { type PassageTerms, searchableText, termOf, terms } from "./terms";

// What answerability.ts's model reads about a question and the passages found for it, each a number.
// Chosen on MTRAG dev (bench/knowledge/calibrate.ts prints each one's AUROC, answerable over
// unanswerable): the unanswerable questions there stay on the conversation's topic, so the passages
// found are the right ones for the conversation and wrong for the question; what separates the two is
// whether a passage holds the question's own words, together, and what kind of answer is asked for.

/** The verdict reads the first few passages found, whatever the prompt takes (compiled-knowledge.ts). */
export const VERDICT_PASSAGES = 3;

export interface AnswerabilityFeatures {
  /**
   * The best of the first passages' BM25 for the message's own terms (each at weight 1), as a share of
   * the most those terms could score: how much of what is asked one passage holds, rare words first
   * (AUROC 0.77).
   */
  held: number;
  /**
   * The longest run of the message's terms, in its order, that a passage holds in the same order
   * ("national anthem", "concurrent replications"): a phrase of the question written in the answer
   * (AUROC 0.76; 0.3 of the unanswerable questions hold a run of 2, 0.7 of the answerable ones).
   */
  phrase: number;
  /**
   * The contextual query's BM25 on the best passage as a share of the most it could score: the
   * conversation's topic as well as the question (AUROC 0.75).
   */
  match: number;
  /** The best passage's fused score above the third's: one passage stands out (AUROC 0.62). */
  lead: number;
  /** 1 when the message opens as a yes/no question ("Is it…", "so can I…"): 0.46 of the unanswerable, 0.21 of the answerable. */
  yesNo: number;
  /** 1 when it asks for an amount, a count or a date ("how much", "how many", "when did"): 0.26 against 0.10. */
  quantity: number;
  /** The message's first-person words ("I", "my", "me"): a question about the customer's own case (0.84 a message against 0.49). */
  personal: number;
  /**
   * The largest share of the agent's previous reply's distinct terms that one of the first passages
   * holds (0 without a previous reply): a reply drawn from these passages means the conversation is
   * still on ground they cover, a refusal ("I do not have that information") or a reply from elsewhere
   * that it has moved off it. AUROC 0.65 alone, but the others do not see it: added to them, the
   * held-out AUROC rose from 0.860 to 0.888 (bench/knowledge/README.md).
   */
  previous: number;
}

const AUXILIARIES = new Set(
  "is are was were do does did can could will would should shall may might must has have had isnt arent doesnt dont cant wont".split(
    " ",
  ),
);
/** Words a yes/no question may open with before its verb: "so can I…", "and is it…". */
const LEAD_INS = new Set("so and but ok i then also".split(" "));
const FIRST_PERSON = new Set("i me my mine im".split(" "));
/** Read on the message's words joined by single spaces. */
const QUANTITY = [
  /\bhow much\b|\b(cost|costs|price|prices|pricing|fee|fees|charge|charges|charged|expensive|cheap|cheaper)\b/,
  /\bhow (many|long|old|far|often)\b|\bnumber of\b|\b(minimum|maximum|percent|percentage|limit|limits)\b/,
  /^when\b|\bwhat (year|date)\b|\bwhen (did|was|is|will|does)\b/,
];

/** The message's distinct content terms, in the order first written. */
function askedTerms(message: string): string[] {
  return [...new Set(words(message).filter((word) => !STOPWORDS.has(word)))].map(termOf);
}

/** The longest run of `asked` (in order) that `sequence` holds in the same order. */
function longestRun(asked: readonly string[], sequence: readonly string[]): number {
  const at = new Map<string, number[]>();
  for (const [i, term] of sequence.entries()) {
    const list = at.get(term);
    if (list) list.push(i);
    else at.set(term, [i]);
  }
  let best = 0;
  for (let i = 0; i < asked.length; i++) {
    for (const start of at.get(asked[i] as string) ?? []) {
      let length = 1;
      while (i + length < asked.length && sequence[start + length] === asked[i + length]) length++;
      best = Math.max(best, length);
    }
  }
  return best;
}

/** The most `query` could score on any passage: its BM25 is read as a share of this. */
function ceilingOf(query: ReadonlyMap<string, number>): number {
  let ceiling = 0;
  for (const weight of query.values()) ceiling += termCeiling(weight);
  return ceiling;
}

/** A passage's terms in order (for the phrase run) and counted (for BM25), from one reading of its text. */
function readPassage(passage: RankedPassage): { sequence: string[]; terms: PassageTerms } {
  const sequence = terms(searchableText(passage.passage));
  const counts = new Map<string, number>();
  for (const term of sequence) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { sequence, terms: { counts, length: sequence.length } };
}

export function answerabilityFeatures(
  query: KnowledgeQuery,
  ranked: readonly RankedPassage[],
  stats: CorpusStats,
): AnswerabilityFeatures {
  const read = ranked.slice(0, VERDICT_PASSAGES);
  const passages = read.map(readPassage);
  const asked = askedTerms(query.message);
  const own = bm25Query(new Map(asked.map((term) => [term, 1])), stats);
  const ownCeiling = ceilingOf(own);
  const queryCeiling = ceilingOf(bm25Query(query.terms, stats));
  const said = words(query.message);
  const [first = "", second = ""] = said;
  const folded = said.join(" ");
  const best = read[0];
  const replied = new Set(terms(query.previousReply));
  const holdsOfReply = (sequence: readonly string[]) => {
    const holds = new Set(sequence);
    return [...replied].filter((term) => holds.has(term)).length / replied.size;
  };
  return {
    held: ownCeiling > 0 ? Math.max(0, ...passages.map((p) => bm25(own, p.terms, stats))) / ownCeiling : 0,
    phrase: Math.max(0, ...passages.map((p) => longestRun(asked, p.sequence))),
    // rank-passages.ts scored the best passage's BM25 for the whole query already.
    match: best && queryCeiling > 0 ? best.lexical / queryCeiling : 0,
    lead: best ? best.score - (read[VERDICT_PASSAGES - 1]?.score ?? 0) : 0,
    yesNo: AUXILIARIES.has(first) || (LEAD_INS.has(first) && AUXILIARIES.has(second)) ? 1 : 0,
    quantity: QUANTITY.some((pattern) => pattern.test(folded)) ? 1 : 0,
    personal: said.filter((word) => FIRST_PERSON.has(word)).length,
    previous: replied.size > 0 ? Math.max(0, ...passages.map((p) => holdsOfReply(p.sequence))) : 0,
  };
}

/** The features in the model's order. */
export const FEATURE_NAMES = ["held", "phrase", "match", "lead", "yesNo", "quantity", "personal", "previous"] as const;

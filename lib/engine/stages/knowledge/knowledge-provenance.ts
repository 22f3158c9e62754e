import type { KnowledgeProvenance } from "../../contracts/turn-outcome";
import type { KnowledgeSearch } from "../../knowledge/compiled-knowledge";
import type { RankedPassage } from "../../knowledge/rank-passages";
import { terms } from "../../knowledge/terms";

/** What the knowledge stage found: the stage's value and what provenance is built from. */
export interface KnowledgeStageResult {
  /** The passages generation writes from, best first: none when they do not answer the message. */
  passages: KnowledgeSearch["passages"];
  answerable: boolean;
  answerability: number;
  /** The message asks for information (seeks-knowledge.ts), not for an action. */
  seeks: boolean;
  abstained: boolean;
}

/** Distinct terms a passage shares with the reply before it counts as cited when the model declared nothing. */
const MIN_SHARED_TERMS = 3;

const cite = ({ passage }: RankedPassage) => ({
  passage_id: passage.id,
  source_id: passage.sourceId,
  source_title: passage.title,
  // Only a url source's: every other citation keeps the shape older tapes recorded.
  ...(passage.sourceUrl === undefined ? {} : { source_url: passage.sourceUrl }),
});

/**
 * What the trace and the tape say about the turn's knowledge. Citations are what the model declared,
 * among the passages it was given; a model that declared none (or only ids it was not given — it may
 * ignore the schema) is read off its words instead: every passage sharing at least 3 distinct terms
 * with the reply (all of them for a shorter reply). Never a passage the turn was not handed.
 */
export function knowledgeProvenance(
  found: KnowledgeStageResult,
  response: string,
  declared: readonly string[] | undefined,
): KnowledgeProvenance {
  const used = found.passages.map((p) => {
    const { source_url, ...cited } = cite(p);
    return { ...cited, score: Math.round(p.score * 1000) / 1000 };
  });
  const base = { used, abstained: found.abstained, answerability: Math.round(found.answerability * 1000) / 1000 };
  if (found.abstained || found.passages.length === 0) return { ...base, citations: [], cited_by: "none" };
  const given = found.passages.filter((p) => declared?.includes(p.passage.id));
  if (given.length > 0) return { ...base, citations: given.map(cite), cited_by: "declared" };
  const replyTerms = new Set(terms(response));
  const needed = Math.min(MIN_SHARED_TERMS, replyTerms.size);
  const overlapping = found.passages.filter((p) => {
    if (needed === 0) return false;
    let shared = 0;
    for (const term of new Set(terms(p.passage.text))) if (replyTerms.has(term)) shared++;
    return shared >= needed;
  });
  return { ...base, citations: overlapping.map(cite), cited_by: overlapping.length > 0 ? "overlap" : "none" };
}

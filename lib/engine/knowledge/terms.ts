import { STOPWORDS, words } from "../text/words";
import type { Passage } from "./knowledge-source";
import { stemTerm } from "./term-stem";

// The terms the lexical scorer counts: folded, accent-free words that are not function words,
// stemmed (term-stem.ts) so "refunded" meets "refund" and "takes" meets "take". PostgreSQL's `english` text search
// configuration does the same in a database (stopwords and a Snowball stemmer); the two need not agree
// term for term, because the final ranking recounts the candidates' terms here (rank-passages.ts).

/** One word's term: its inflections meet on one stem ("shipping", "ships", "ship"; "takes", "take"). */
export function termOf(word: string): string {
  return stemTerm(word);
}

/** The content terms of a text, in order, repeats kept. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) if (!STOPWORDS.has(word)) out.push(termOf(word));
  return out;
}

/** A passage's counted terms: its source title and headings are part of what it is about. */
export interface PassageTerms {
  counts: ReadonlyMap<string, number>;
  /** Terms in all (the BM25 document length). */
  length: number;
}

/** The text the lexical scorer and the embedder read for a passage: title, headings, then the text. */
export function searchableText(passage: Pick<Passage, "title" | "headingPath" | "text">): string {
  return [passage.title, ...passage.headingPath, passage.text].filter((part) => part.trim() !== "").join("\n");
}

/**
 * The text a passage's vector is made from: its headings and text without the source's title. The
 * vector says what a passage is about; which source it belongs to is the title's job (a named source
 * is carried by contextual-query.ts). On DSTC11, where 20 FAQ entries share a hotel's name, leaving the
 * name out lifted FAQ recall@5 from 0.787 to 0.792 (bench/knowledge/README.md).
 */
export function vectorText(passage: Pick<Passage, "headingPath" | "text">): string {
  return [...passage.headingPath, passage.text].filter((part) => part.trim() !== "").join("\n");
}

export function passageTerms(passage: Pick<Passage, "title" | "headingPath" | "text">): PassageTerms {
  const counts = new Map<string, number>();
  const list = terms(searchableText(passage));
  for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: list.length };
}

import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/seeded-random";
import { type CorpusStats, lengthNorm, termScore } from "./bm25";
import { LexicalScorer, lengthNorms, setPostingsOf, topByScore, topPositions } from "./set-postings";
import type { PassageTerms } from "./terms";

// 20,000 passages: gaps past one and two varint bytes (128, 16,384), counts past 127, lengths past 300.
const next = seededRandom(11);
const VOCABULARY = ["refund", "ship", "spain", "card", "hotel", "rare"];
const passages: PassageTerms[] = Array.from({ length: 20_000 }, (_, position) => {
  const counts = new Map<string, number>();
  for (const term of VOCABULARY) {
    const odds = term === "rare" ? (position === 3 || position === 19_999 ? 1 : 0) : 0.3;
    if (next() < odds) counts.set(term, term === "card" && position % 1000 === 7 ? 200 : 1 + Math.floor(next() * 4));
  }
  return { counts, length: 5 + Math.floor(next() * 400) };
});
const stats: CorpusStats = {
  passages: passages.length,
  averageLength: passages.reduce((sum, p) => sum + p.length, 0) / passages.length,
  documentFrequency: (term) => passages.filter((p) => p.counts.has(term)).length,
};

/** BM25 as the in-memory index sums it: a Map, terms in the query's order, passages in order. */
function directScores(query: ReadonlyMap<string, number>): Map<number, number> {
  const scores = new Map<number, number>();
  for (const [term, weight] of query) {
    for (const [position, passage] of passages.entries()) {
      const tf = passage.counts.get(term);
      if (!tf) continue;
      const norm = lengthNorm(passage.length, stats);
      scores.set(position, (scores.get(position) ?? 0) + termScore(weight, tf, norm));
    }
  }
  return scores;
}

describe("set postings", () => {
  const { postings, lengths } = setPostingsOf(passages);
  const scorer = new LexicalScorer(lengthNorms(lengths, stats));

  it("score every passage holding a query term exactly as the in-memory sum does", () => {
    const query = new Map([
      ["rare", 7.5],
      ["card", 1.25],
      ["spain", 0.5],
      ["absent", 3],
    ]);
    const scored = scorer.score(
      query,
      postings,
      ({ positions, scores }) => new Map([...positions].map((position) => [position, scores[position] as number])),
    );
    expect(scored).toEqual(directScores(query));
    expect(scored.has(19_999)).toBe(true);
  });

  it("leave nothing behind for the next search", () => {
    const query = new Map([["hotel", 2]]);
    const first = scorer.score(query, postings, ({ positions }) => positions.length);
    scorer.score(new Map([["ship", 1]]), postings, () => null);
    expect(scorer.score(query, postings, ({ positions }) => positions.length)).toBe(first);
    expect(scorer.score(new Map([["rare", 1]]), postings, ({ positions }) => [...positions])).toEqual([3, 19_999]);
  });

  it("pick the same top passages as a full sort, ties by position, with a filter", () => {
    const query = new Map([
      ["refund", 1],
      ["hotel", 1],
    ]);
    scorer.score(query, postings, ({ positions, scores }) => {
      const all = [...positions];
      const score = (position: number) => scores[position] as number;
      expect(topPositions(positions, scores, 100)).toEqual(topByScore(all, score, 100));
      const even = (position: number) => position % 2 === 0;
      expect(topPositions(positions, scores, 50, even)).toEqual(topByScore(all.filter(even), score, 50));
      // Positions nothing scored tie at 0 and come in position order.
      expect(topPositions([9, 4, 7], new Float64Array(10), 2)).toEqual([4, 7]);
      return null;
    });
  });
});

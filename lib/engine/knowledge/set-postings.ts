import { type Bm25Query, type CorpusStats, lengthNorm, termScore } from "./bm25";
import type { PassageTerms } from "./terms";

// A knowledge set's inverted index as a database keeps it (lib/knowledge/server/knowledge-store/README.md):
// per term, the positions of the passages holding it with how often, and every passage's length, so the
// lexical top-N is BM25 over the scorer's own terms, summed as the in-memory index sums it
// (memory-index.ts), from one row per query term. Positions ascend, so each is written as its distance
// from the one before; both numbers as LEB128 varints, which keeps most entries at 2 bytes (a term's
// row is read whole, and the set's rows are written again with each new set).

class VarintWriter {
  private bytes = new Uint8Array(64);
  private size = 0;

  write(value: number): void {
    let rest = value;
    if (this.size + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (rest >= 0x80) {
      this.bytes[this.size++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.bytes[this.size++] = rest;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

/** Calls `visit` with each varint of `bytes` in order. */
function readVarints(bytes: Uint8Array, visit: (value: number) => void): void {
  let value = 0;
  let shift = 0;
  for (const byte of bytes) {
    value |= (byte & 0x7f) << shift;
    if (byte < 0x80) {
      visit(value >>> 0);
      value = 0;
      shift = 0;
    } else shift += 7;
  }
}

export interface SetPostings {
  /** Term → its passages' positions (ascending) and counts, encoded. */
  postings: Map<string, Uint8Array>;
  /** Every passage's length in terms, in position order, encoded. */
  lengths: Uint8Array;
}

/** The postings of a set whose passages, in position order, hold `passages` (title included, as passageTerms counts). */
export function setPostingsOf(passages: readonly PassageTerms[]): SetPostings {
  const writers = new Map<string, { writer: VarintWriter; last: number }>();
  const lengths = new VarintWriter();
  for (const [position, passage] of passages.entries()) {
    lengths.write(passage.length);
    for (const [term, tf] of passage.counts) {
      let entry = writers.get(term);
      if (!entry) {
        entry = { writer: new VarintWriter(), last: 0 };
        writers.set(term, entry);
      }
      entry.writer.write(position - entry.last);
      entry.writer.write(tf);
      entry.last = position;
    }
  }
  return {
    postings: new Map([...writers].map(([term, { writer }]) => [term, writer.done()])),
    lengths: lengths.done(),
  };
}

/** The passages' length normalisations (bm25.ts lengthNorm), in position order. */
export function lengthNorms(lengths: Uint8Array, stats: CorpusStats): Float64Array {
  const norms = new Float64Array(stats.passages);
  let position = 0;
  readVarints(lengths, (length) => {
    norms[position++] = lengthNorm(length, stats);
  });
  return norms;
}

/** Calls `visit` with each position of a term's postings and the term's count there. */
function forEachPosting(bytes: Uint8Array, visit: (position: number, tf: number) => void): void {
  let position = 0;
  let gap = -1;
  readVarints(bytes, (value) => {
    if (gap < 0) {
      gap = value;
      return;
    }
    position += gap;
    gap = -1;
    visit(position, value);
  });
}

/**
 * BM25 of every passage holding a query term, position → score: the terms in the query's order and
 * each term's passages in position order, as the in-memory index adds them up.
 */
export function lexicalScores(
  query: Bm25Query,
  postings: ReadonlyMap<string, Uint8Array>,
  norms: Float64Array,
): Map<number, number> {
  const scores = new Map<number, number>();
  for (const [term, weight] of query) {
    const bytes = postings.get(term);
    if (!bytes) continue;
    forEachPosting(bytes, (position, tf) => {
      scores.set(position, (scores.get(position) ?? 0) + termScore(weight, tf, norms[position] as number));
    });
  }
  return scores;
}

/** The `n` indices with the highest score, ties by index. */
export function topByScore(indices: readonly number[], score: (index: number) => number, n: number): number[] {
  return indices
    .map((index) => ({ index, value: score(index) }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .slice(0, n)
    .map((s) => s.index);
}

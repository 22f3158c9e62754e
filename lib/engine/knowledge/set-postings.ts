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

/**
 * BM25 of a set's passages over its postings, into buffers kept from search to search: a search at
 * 100,000 passages sums a few hundred thousand postings, and a Map per search (with a closure per
 * posting and a sort of every scored passage) took 130 ms of the 140 a search cost.
 */
export class LexicalScorer {
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;
  private readonly seen: Uint8Array;
  private count = 0;

  constructor(private readonly norms: Float64Array) {
    this.scores = new Float64Array(norms.length);
    this.touched = new Int32Array(norms.length);
    this.seen = new Uint8Array(norms.length);
  }

  /**
   * Scores the passages holding a query term (terms in the query's order, each term's passages in
   * position order, as the in-memory index adds them up), hands them to `pick` and clears the buffers
   * before returning, so `pick` must copy what it keeps.
   */
  score<T>(query: Bm25Query, postings: ReadonlyMap<string, Uint8Array>, pick: (scored: ScoredPositions) => T): T {
    for (const [term, weight] of query) {
      const bytes = postings.get(term);
      if (bytes) this.add(weight, bytes);
    }
    try {
      return pick({ positions: this.touched.subarray(0, this.count), scores: this.scores });
    } finally {
      for (let i = 0; i < this.count; i++) {
        const position = this.touched[i] as number;
        this.scores[position] = 0;
        this.seen[position] = 0;
      }
      this.count = 0;
    }
  }

  private add(weight: number, bytes: Uint8Array): void {
    const { scores, touched, seen, norms } = this;
    let position = 0;
    let gap = -1;
    let value = 0;
    let shift = 0;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number;
      value |= (byte & 0x7f) << shift;
      if (byte >= 0x80) {
        shift += 7;
        continue;
      }
      if (gap < 0) gap = value >>> 0;
      else {
        position += gap;
        gap = -1;
        if (seen[position] === 0) {
          seen[position] = 1;
          touched[this.count++] = position;
        }
        scores[position] = (scores[position] as number) + termScore(weight, value >>> 0, norms[position] as number);
      }
      value = 0;
      shift = 0;
    }
  }
}

export interface ScoredPositions {
  /** The positions with a score, in the order they were first scored. */
  positions: Int32Array;
  /** Position → its score (0: none). */
  scores: Float64Array;
}

/**
 * The `n` of `positions` with the highest score, ties by position: `topByScore`'s answer without
 * sorting them all (a heap of `n`, worst at its root).
 */
export function topPositions(
  positions: Iterable<number>,
  scores: Float64Array,
  n: number,
  keep: (position: number) => boolean = () => true,
): number[] {
  const heap: number[] = [];
  // a ranks below b: a lower score, or the same score at a later position.
  const below = (a: number, b: number) => {
    const sa = scores[a] as number;
    const sb = scores[b] as number;
    return sa < sb || (sa === sb && a > b);
  };
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && below(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && below(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (const position of positions) {
    if (n <= 0 || !keep(position)) continue;
    if (heap.length < n) {
      heap.push(position);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!below(heap[i] as number, heap[parent] as number)) break;
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      }
    } else if (below(heap[0] as number, position)) {
      heap[0] = position;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0));
}

/** The `n` indices with the highest score, ties by index. */
export function topByScore(indices: readonly number[], score: (index: number) => number, n: number): number[] {
  return indices
    .map((index) => ({ index, value: score(index) }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .slice(0, n)
    .map((s) => s.index);
}

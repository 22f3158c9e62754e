/** Cosine similarity of two unit vectors (the Embedder port returns unit length). */
export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/**
 * The non-zero components of a stored vector, in index order. A dot product over them is `cosine` with
 * the dense vector to the last bit: the terms it skips are exact zeros, and adding ±0 to a sum that
 * started at +0 leaves it as it was. The offline embedder's rule vectors hold ~40 non-zero of 256, and
 * filtering at 1,000 rules scores ~500 of them on every turn: 6× fewer multiplications.
 */
export interface NonZeroTerms {
  index: Int32Array;
  value: Float32Array;
  /** The dense vector's length (`cosine` reads up to the shorter of the two). */
  length: number;
}

/** The vector's non-zero terms, or null when at least half are non-zero (a dense product is as fast). */
export function nonZeroTerms(vector: Float32Array): NonZeroTerms | null {
  let count = 0;
  for (const v of vector) if (v !== 0) count += 1;
  if (count * 2 >= vector.length) return null;
  const index = new Int32Array(count);
  const value = new Float32Array(count);
  let at = 0;
  for (let i = 0; i < vector.length; i++) {
    const v = vector[i] ?? 0;
    if (v === 0) continue;
    index[at] = i;
    value[at] = v;
    at += 1;
  }
  return { index, value, length: vector.length };
}

/** Whether every component is finite: a NaN or infinite one times a skipped zero would not be zero. */
export function allFinite(vector: Float32Array): boolean {
  for (const v of vector) if (!Number.isFinite(v)) return false;
  return true;
}

/**
 * `cosine(query, dense)` for the vector whose non-zero terms are `terms`, bit for bit, when every
 * component of `query` is finite (`allFinite`).
 */
export function cosineOfTerms(query: Float32Array, terms: NonZeroTerms): number {
  const n = Math.min(query.length, terms.length);
  const { index, value } = terms;
  let sum = 0;
  for (let j = 0; j < index.length; j++) {
    const i = index[j] ?? n;
    if (i >= n) break;
    sum += (query[i] ?? 0) * (value[j] ?? 0);
  }
  return sum;
}

/** Best similarity of `query` to any of `vectors` (0 for none). */
export function maxCosine(query: Float32Array, vectors: readonly Float32Array[]): number {
  let best = 0;
  for (const v of vectors) {
    const s = cosine(query, v);
    if (s > best) best = s;
  }
  return best;
}

/** Three decimals: enough for a trace, stable across platforms. */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

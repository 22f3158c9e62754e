/** Cosine similarity of two unit vectors (the Embedder port returns unit length). */
export function cosine(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
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

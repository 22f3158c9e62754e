import type { Embedder, SparseVector } from "../../ports";

// The vectors the local sensor compares texts with: the embedder's sparse vectors when it offers them
// (`Embedder.embedSparse`: no bucket collisions, so two short texts share a component only when they
// share a feature), else its dense ones. One port call per request, whatever the kind.

export type TextVector = Float32Array | SparseVector;

export type VectorOf = (text: string) => TextVector;

const EMPTY = new Float32Array(0);

function dense(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** Merge of two id-sorted sparse vectors. */
function sparse(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i] ?? 0;
    const y = b.ids[j] ?? 0;
    if (x === y) sum += (a.weights[i++] ?? 0) * (b.weights[j++] ?? 0);
    else if (x < y) i++;
    else j++;
  }
  return sum;
}

/** Cosine of two unit vectors of the same kind; 0 across kinds (never mixed within one request). */
export function cosine(a: TextVector, b: TextVector): number {
  if (a instanceof Float32Array) return b instanceof Float32Array ? dense(a, b) : 0;
  return b instanceof Float32Array ? 0 : sparse(a, b);
}

/** Embeds `texts` in one port call, preferring sparse vectors; unknown texts get an empty vector. */
export async function embedTexts(embedder: Embedder, texts: string[]): Promise<VectorOf> {
  if (texts.length === 0) return () => EMPTY;
  const vectors: TextVector[] = embedder.embedSparse ? await embedder.embedSparse(texts) : await embedder.embed(texts);
  const byText = new Map(texts.map((text, i) => [text, vectors[i] ?? EMPTY]));
  return (text) => byText.get(text) ?? EMPTY;
}

import { STOPWORDS, words } from "./text";
import { WORD_VECTOR_DIM, wordVectors } from "./word-vectors";

// The semantic half of the offline embedding: a frequency-weighted mean of English word vectors, so
// "reimburse me" meets "refund" and "my card got eaten by the atm" meets "card swallowed". Chosen on
// CLINC150 val (lib/engine/stages/sensor/README.md, "Word vectors in the offline embedder"):
//
//   vocabulary   the 20,000 most frequent words: 88 % of CLINC150's tokens (the whole 400k: 92 %, most
//                of the rest are numbers), 8 MB of floats, ~0.4 s to read. 50,000 (adds "reimburse",
//                rank 23,498, and "mug", 25,235) read 2.5× slower and scored lower on val
//   weight       rank / (rank + 30): a smooth inverse frequency (Arora et al.'s SIF a/(a + p(w)) with
//                Zipf's p(w) ∝ 1/rank), rank 30 = 0.5, rank 300 = 0.9. 300 in place of 30 scored the same
//                on val but let a rare word drown a common one: "I want a refund or a return" was no
//                longer a tie between "refund" (rank 15,977) and "return" (rank 474)
//   function     words (text.ts STOPWORDS) are left out: they are in every message and, averaged in,
//                pulled unrelated messages together (val AUROC in-scope vs out-of-scope 0.84 with them at
//                full weight, 0.89 without)
//   centred      every word vector minus the vocabulary's mean vector: raw GloVe vectors share one large
//                common direction that makes any two sentences look alike
//
// A text with no known content word gets the zero vector; the lexical half still describes it.

const MAX_WORDS = 20_000;
const RANK_HALF_WEIGHT = 30;

let centroid: Float32Array | null = null;

function vocabularyMean(matrix: Float32Array, rows: number): Float32Array {
  const sum = new Float64Array(WORD_VECTOR_DIM);
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < WORD_VECTOR_DIM; i++) sum[i] = (sum[i] ?? 0) + (matrix[r * WORD_VECTOR_DIM + i] ?? 0);
  }
  return Float32Array.from(sum, (x) => x / Math.max(1, rows));
}

/** One text → a unit vector of WORD_VECTOR_DIM components, or zeros when it has no known content word. */
export function semanticVector(text: string): Float32Array {
  const { matrix, rows } = wordVectors(MAX_WORDS);
  centroid ??= vocabularyMean(matrix, rows.size);
  const mean = centroid;
  const out = new Float32Array(WORD_VECTOR_DIM);
  let found = false;
  for (const word of words(text)) {
    const row = STOPWORDS.has(word) ? undefined : rows.get(word);
    if (row === undefined) continue;
    found = true;
    const weight = (row + 1) / (row + 1 + RANK_HALF_WEIGHT);
    const base = row * WORD_VECTOR_DIM;
    for (let i = 0; i < WORD_VECTOR_DIM; i++) {
      out[i] = (out[i] ?? 0) + weight * ((matrix[base + i] ?? 0) - (mean[i] ?? 0));
    }
  }
  if (!found) return out;
  let norm = 0;
  for (let i = 0; i < WORD_VECTOR_DIM; i++) norm += (out[i] ?? 0) * (out[i] ?? 0);
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < WORD_VECTOR_DIM; i++) out[i] = (out[i] ?? 0) * scale;
  return out;
}

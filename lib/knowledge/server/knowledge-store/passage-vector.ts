// A passage vector as the database keeps it (knowledge_passage_vectors): float32, little-endian, so
// 256 dimensions are 1 KB and read back bit for bit, and the ranking scores a kept vector as it scores
// one embedded at search time.

export function vectorBytes(vector: Float32Array): Uint8Array {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i] ?? 0, true);
  return bytes;
}

export function vectorOfBytes(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < vector.length; i++) vector[i] = view.getFloat32(i * 4, true);
  return vector;
}

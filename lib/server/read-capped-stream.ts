/**
 * A body's bytes, read chunk by chunk and abandoned (its reader cancelled) as soon as they pass
 * `limit`: null then. An oversized body costs at most the limit in memory and reaches no parser.
 */
export async function readCappedStream(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

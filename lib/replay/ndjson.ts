/**
 * Splits what has arrived of a newline-delimited JSON stream into whole lines (parsed) and the
 * unfinished tail to keep for the next chunk. Blank lines are skipped.
 */
export function splitNdjson(buffer: string): { lines: unknown[]; rest: string } {
  const parts = buffer.split("\n");
  const rest = parts.pop() ?? "";
  const lines = parts.filter((part) => part.trim() !== "").map((part) => JSON.parse(part) as unknown);
  return { lines, rest };
}

/** Reads a response body line by line, calling `onLine` with each parsed line as it arrives. */
export async function readNdjson(body: ReadableStream<Uint8Array>, onLine: (line: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    const { lines, rest } = splitNdjson(done ? `${buffer}\n` : buffer);
    buffer = rest;
    for (const line of lines) onLine(line);
    if (done) return;
  }
}

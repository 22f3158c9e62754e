import { describe, expect, it } from "vitest";
import { readNdjson, splitNdjson } from "./ndjson";

describe("splitNdjson", () => {
  it("keeps the unfinished tail for the next chunk and skips blank lines", () => {
    expect(splitNdjson('{"a":1}\n\n{"b":2}\n{"c"')).toEqual({ lines: [{ a: 1 }, { b: 2 }], rest: '{"c"' });
  });
});

describe("readNdjson", () => {
  it("joins lines split across chunks and reads a last line without a newline", async () => {
    const encoder = new TextEncoder();
    const chunks = ['{"type":"progress",', '"done":1,"total":2}\n{"type":"res', 'ult"}'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const lines: unknown[] = [];
    await readNdjson(body, (line) => lines.push(line));
    expect(lines).toEqual([{ type: "progress", done: 1, total: 2 }, { type: "result" }]);
  });
});

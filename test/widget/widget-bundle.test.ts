import { describe, expect, it } from "vitest";
import { buildWidget } from "@/scripts/build-widget.mjs";
import { readSse, type SseEvent } from "@/widget/sse";

// widget.js is downloaded by every page that embeds the chat: its size is a promise (docs/widget.md).

describe("widget.js", () => {
  it("builds from widget/ and stays under 35 KB gzipped", () => {
    const { gzipBytes, text } = buildWidget({ write: false });
    expect(text).toContain("focal-widget");
    expect(gzipBytes / 1024).toBeLessThanOrEqual(35);
  });

  it("reads server-sent events split anywhere across network chunks", async () => {
    const wire =
      'event: stage\ndata: {"name":"sensor"}\n\n: heartbeat\n\nid: t1:agent\nevent: message\r\ndata: {"text":"hi"}\n\n';
    const encoded = new TextEncoder().encode(wire);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < encoded.length; at += 7) controller.enqueue(encoded.slice(at, at + 7));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSse(body, (event) => events.push(event));
    expect(events).toEqual([
      { event: "stage", data: '{"name":"sensor"}', id: null },
      { event: "message", data: '{"text":"hi"}', id: "t1:agent" },
    ]);
  });
});

// Server-sent events read from a fetch body: fetch, not EventSource, because the session token travels
// in a header (a token in a URL ends up in proxy and server logs).

export interface SseEvent {
  event: string;
  data: string;
  id: string | null;
}

/** Calls `onEvent` for each complete event of the stream until it ends (or its fetch is aborted). */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let carry = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    // A CR at a chunk's end may be half of a CRLF: held until the next chunk says which.
    let text = carry + decoder.decode(value, { stream: true });
    carry = text.endsWith("\r") ? "\r" : "";
    if (carry) text = text.slice(0, -1);
    buffer += text.replace(/\r\n?/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const parsed = parseBlock(block);
      if (parsed) onEvent(parsed);
      end = buffer.indexOf("\n\n");
    }
  }
}

function parseBlock(block: string): SseEvent | null {
  let event = "message";
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  }
  return data.length === 0 ? null : { event, data: data.join("\n"), id };
}

import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ModelProvider } from "@/lib/engine/ports";
import { createOpenAIProvider } from "@/lib/providers/openai";

// A loopback stand-in for an OpenAI-compatible /chat/completions endpoint, for tests: each request
// takes the next scripted behaviour (answer, error status, hang) and is recorded; with the queue empty,
// `respond` (when given) answers from the request body — for a whole turn, whose number of calls
// (judge, extract) depends on the rules that match. Listens on 127.0.0.1 only, on a random port;
// close() also drops hanging connections.

export type FakeBehaviour =
  | { kind: "json"; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: "raw"; status: number; body: string; headers?: Record<string, string> }
  /** Never answers. */
  | { kind: "hang" }
  /** Sends status and headers, then never finishes the body. */
  | { kind: "stall-body" };

interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeChatServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** Queue behaviours for the next requests, in order. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

/** A chat.completion body with one choice. */
export function completion(
  content: string | null,
  extra: {
    refusal?: string;
    finishReason?: string;
    usage?: { prompt_tokens: number; completion_tokens: number; prompt_tokens_details?: { cached_tokens: number } };
  } = {},
): Record<string, unknown> {
  const usage = extra.usage ?? { prompt_tokens: 120, completion_tokens: 30 };
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "fake-model-2025",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: extra.refusal ?? null },
        finish_reason: extra.finishReason ?? "stop",
        logprobs: null,
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

export async function startFakeChatServer(
  options: { respond?: (body: Record<string, unknown>) => FakeBehaviour } = {},
): Promise<FakeChatServer> {
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        body = {};
      }
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const behaviour = queue.shift() ??
        options.respond?.(body) ?? {
          kind: "json",
          status: 500,
          body: { error: { message: "fake server: no behaviour queued", type: "server_error" } },
        };
      switch (behaviour.kind) {
        case "hang":
          return;
        case "stall-body":
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"id":"chatcmpl-test","choices":[');
          return;
        case "raw":
          res.writeHead(behaviour.status, { "content-type": "application/json", ...behaviour.headers });
          res.end(behaviour.body);
          return;
        case "json":
          res.writeHead(behaviour.status ?? 200, { "content-type": "application/json", ...behaviour.headers });
          res.end(JSON.stringify(behaviour.body));
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...behaviours) => queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The real OpenAI provider pointed at `fake`: one model name for every call, no retries. */
export function providerFor(fake: FakeChatServer, timeoutMs = 10_000): ModelProvider {
  return createOpenAIProvider({
    apiKey: "sk-test",
    baseURL: fake.baseURL,
    models: { sense: "m", generate: "m", judge: "m", extract: "m" },
    maxRetries: 0,
    timeoutMs,
  });
}

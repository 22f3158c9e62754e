import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { readTurnStream } from "@/lib/turns/turn-stream";
import { percentile, type Report } from "../report";
import { api, benchBuildDir, type FocalServer, startFocalServer } from "./focal-server";

// BENCH_STREAM=1: the turn event stream over HTTP on `next start` (PGlite, demo agent). Per turn,
// from the POST: the first stage event (turn_first_event_ms) and the final `turn` event
// (turn_final_ms), BENCH_STREAM_TURNS turns (default 40) one at a time. Once with the offline
// provider, once (suffix _delay300) with an OpenAI-compatible server in this process that answers
// every call after 300 ms. Uses the build in FOCAL_NEXT_DIST_DIR (default .next; built when absent).

const MESSAGE = "I'm in France and want a refund for order 123";
const DELAY_MS = 300;

interface DelayServer {
  baseURL: string;
  calls: number;
  close(): Promise<void>;
}

/** An OpenAI-compatible /chat/completions that answers each call after `delayMs`, by its schema name. */
async function startDelayedModel(delayMs: number): Promise<DelayServer> {
  const state = { calls: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      state.calls += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
      setTimeout(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(completion(answer(body))));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return state.calls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(body: Record<string, unknown>): string {
  const format = body.response_format as
    | { json_schema: { name: string; schema: { properties: Record<string, unknown> } } }
    | undefined;
  if (!format) return "I can refund $50 now; a specialist will review the rest of order 123 within 2 business days.";
  const { name, schema } = format.json_schema;
  if (name === "sensor_context") {
    return JSON.stringify({
      detected_intent: "refund_request",
      intent_confidence: 0.9,
      entities: Object.fromEntries(
        Object.keys((schema.properties.entities as { properties?: Record<string, unknown> })?.properties ?? {}).map(
          (k) => [k, k === "country" ? "France" : k === "order_id" ? "123" : null],
        ),
      ),
      is_ambiguous: false,
      ambiguity_reason: null,
      ...("goal_reformulation" in schema.properties ? { goal_reformulation: null } : {}),
    });
  }
  if (name === "judge_verdict") return JSON.stringify({ passed: true, score: 1, reason: "fine", bias_tags: [] });
  return JSON.stringify(Object.fromEntries(Object.keys(schema.properties).map((k) => [k, null])));
}

function completion(content: string): Record<string, unknown> {
  return {
    id: "chatcmpl-bench",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "bench-delay",
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/** One streamed turn: ms from the POST to the first stage event and to the final turn event. */
async function streamedTurn(server: FocalServer, sessionId: string): Promise<{ first: number; final: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/v1/sessions/${sessionId}/turns`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${server.apiKey}`,
      "content-type": "application/json",
      accept: "text/event-stream",
    },
    body: JSON.stringify({ message: MESSAGE }),
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status !== 200 || !response.body) throw new Error(`POST turn (stream) → ${response.status}`);
  let first = Number.NaN;
  let final = Number.NaN;
  let failure = "";
  await readTurnStream(response.body, (event) => {
    const at = performance.now() - started;
    if (event.event === "stage" && Number.isNaN(first)) first = at;
    if (event.event === "turn") final = at;
    if (event.event === "error") failure = event.data.error.code;
  });
  if (failure || Number.isNaN(final)) throw new Error(`streamed turn failed: ${failure || "no final event"}`);
  return { first, final };
}

async function runOne(report: Report, suffix: string, env: Record<string, string>, turns: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "focal-bench-stream-"));
  let server: FocalServer | null = null;
  try {
    server = await startFocalServer({ dataDir, env, healthTimeoutMs: 300_000 });
    const started = server;
    const session = () =>
      api<{ session_id: string }>(started, "POST", "/api/v1/agents/refund-desk/sessions", {}, 201).then(
        (s) => s.session_id,
      );
    // Warm-up: the first turn compiles the agent.
    const warm = await session();
    for (let i = 0; i < 3; i++) await streamedTurn(started, warm);
    const firsts: number[] = [];
    const finals: number[] = [];
    let sessionId = await session();
    for (let i = 0; i < turns; i++) {
      // A fresh session every 4 turns keeps the history (and the scenario) like a new conversation's.
      if (i > 0 && i % 4 === 0) sessionId = await session();
      const { first, final } = await streamedTurn(started, sessionId);
      firsts.push(first);
      finals.push(final);
    }
    report.figure(`turn_first_event_ms_p50${suffix}`, percentile(firsts, 50).toFixed(1));
    report.figure(`turn_final_ms_p50${suffix}`, percentile(finals, 50).toFixed(1));
    report.note(
      `stream${suffix || "_offline"}: ${turns} turns one at a time; first event p95 ${percentile(firsts, 95).toFixed(1)} ms, ` +
        `final p95 ${percentile(finals, 95).toFixed(1)} ms`,
    );
  } finally {
    if (server) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStream(report: Report): Promise<void> {
  const turns = Number(process.env.BENCH_STREAM_TURNS ?? 40);
  const distDir = await benchBuildDir(report);
  const base = { FOCAL_NEXT_DIST_DIR: distDir, OPENAI_API_KEY: "", OPENAI_BASE_URL: "" };
  // BENCH_STREAM_ONLY=offline|delay300 runs one of the two.
  const only = process.env.BENCH_STREAM_ONLY ?? "";
  if (only !== `delay${DELAY_MS}`) await runOne(report, "", base, turns);
  if (only === "offline") return;
  const model = await startDelayedModel(DELAY_MS);
  try {
    await runOne(
      report,
      `_delay${DELAY_MS}`,
      { ...base, OPENAI_API_KEY: "sk-bench-delay", OPENAI_BASE_URL: model.baseURL, FOCAL_OPENAI_MODEL: "bench-delay" },
      turns,
    );
    report.note(`stream_delay${DELAY_MS}: ${model.calls} model calls answered after ${DELAY_MS} ms each`);
  } finally {
    await model.close();
  }
}

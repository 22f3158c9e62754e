import { readSessionEvents, type SessionEvent } from "@/lib/handoffs/session-events";
import { percentile, type Report } from "../report";
import { api, type FocalServer, withOfflineServer } from "./focal-server";

// BENCH_HANDOFF=1 (or BENCH_ONLY_HANDOFF=1 alone): handoffs and the session event stream over HTTP on
// `next start` (PGlite, demo agent), every request to 127.0.0.1.
// - handoff_to_first_operator_message_p50_ms: a channel holds the session's event stream; from the
//   POST /sessions/{id}/handoff to the operator's reply arriving on that stream, through claim and
//   POST /operator-messages (API to API, BENCH_HANDOFF_ROUNDS rounds, default 30, one at a time).
// - sse_deliver_ms_p95_200_open: 200 streams open on 200 sessions; an operator message to one of them,
//   ms from its POST to its arrival on that session's stream (100 messages, one at a time).
// - sse_fanout_ms_p95_200_on_one: 200 streams on one session; one message, ms to each of the 200 (10 messages).
// Uses the build in FOCAL_NEXT_DIST_DIR (default .next; built when absent).

const OPEN_STREAMS = 200;

interface Stream {
  /** Resolves with ms since `since` when a message matching `text` arrives. */
  waitFor(text: string, since: number): Promise<number>;
  close(): void;
}

/** The session's event stream, read in the background; only what is new after it opened is awaited. */
async function openStream(server: FocalServer, sessionId: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/v1/sessions/${sessionId}/events`, {
    headers: { authorization: `Bearer ${server.apiKey}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`GET events → ${response.status}`);
  const waiters = new Map<string, (at: number) => void>();
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => {
    opened = resolve;
  });
  void readSessionEvents(response.body, (event: SessionEvent) => {
    if (event.event === "mode") opened();
    if (event.event !== "message") return undefined;
    const wake = waiters.get(event.data.text);
    if (wake) {
      waiters.delete(event.data.text);
      wake(performance.now());
    }
    return undefined;
  }).catch(() => {});
  // The first `mode` event: the stream has read the session and listens.
  await ready;
  return {
    waitFor: (text, since) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" on the stream in 10 s`)), 10_000);
        waiters.set(text, (at) => {
          clearTimeout(timer);
          resolve(at - since);
        });
      }),
    close: () => controller.abort(),
  };
}

const newSession = (server: FocalServer) =>
  api<{ session_id: string }>(server, "POST", "/api/v1/agents/refund-desk/sessions", {}, 201).then((s) => s.session_id);

/** Takes the session from the agent and claims it: operator replies may go out. */
async function takeAndClaim(server: FocalServer, sessionId: string): Promise<void> {
  const taken = await api<{ handoff: { id: string } }>(
    server,
    "POST",
    `/api/v1/sessions/${sessionId}/handoff`,
    { reason: "bench" },
    201,
  );
  await api(server, "POST", `/api/v1/handoffs/${taken.handoff.id}/claim`);
}

/** ms from each handoff request to its operator reply on the channel's stream. */
async function handoffRounds(server: FocalServer, rounds: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const sessionId = await newSession(server);
    const stream = await openStream(server, sessionId);
    const text = `bench reply ${i}`;
    const started = performance.now();
    const arrived = stream.waitFor(text, started);
    await takeAndClaim(server, sessionId);
    await api(server, "POST", `/api/v1/sessions/${sessionId}/operator-messages`, { text }, 201);
    samples.push(await arrived);
    stream.close();
  }
  return samples;
}

async function deliveryToOneOf200(report: Report, server: FocalServer): Promise<void> {
  const sessions: string[] = [];
  for (let i = 0; i < OPEN_STREAMS; i++) sessions.push(await newSession(server));
  for (const id of sessions.slice(0, 20)) await takeAndClaim(server, id);
  const streams = await Promise.all(sessions.map((id) => openStream(server, id)));
  try {
    const samples: number[] = [];
    for (let i = 0; i < 100; i++) {
      const at = i % 20;
      const text = `to one of 200: ${i}`;
      const started = performance.now();
      const arrived = streams[at]?.waitFor(text, started);
      await api(server, "POST", `/api/v1/sessions/${sessions[at]}/operator-messages`, { text }, 201);
      samples.push(await (arrived ?? Promise.reject(new Error("no stream"))));
    }
    report.figure("sse_deliver_ms_p95_200_open", percentile(samples, 95).toFixed(1));
    report.note(
      `${OPEN_STREAMS} streams open on ${OPEN_STREAMS} sessions, 100 operator messages one at a time: p50 ${percentile(samples, 50).toFixed(1)} ms`,
    );
  } finally {
    for (const stream of streams) stream.close();
  }
}

async function fanOutOnOne(report: Report, server: FocalServer): Promise<void> {
  const sessionId = await newSession(server);
  await takeAndClaim(server, sessionId);
  const streams: Stream[] = [];
  // Opened 20 at a time: each open reads the transcript once.
  for (let i = 0; i < OPEN_STREAMS; i += 20) {
    streams.push(...(await Promise.all(Array.from({ length: 20 }, () => openStream(server, sessionId)))));
  }
  try {
    const samples: number[] = [];
    for (let i = 0; i < 10; i++) {
      const text = `to all 200: ${i}`;
      const started = performance.now();
      const arrivals = streams.map((stream) => stream.waitFor(text, started));
      await api(server, "POST", `/api/v1/sessions/${sessionId}/operator-messages`, { text }, 201);
      samples.push(...(await Promise.all(arrivals)));
    }
    report.figure("sse_fanout_ms_p95_200_on_one", percentile(samples, 95).toFixed(1));
    report.note(
      `${OPEN_STREAMS} streams on one session, 10 messages: p50 ${percentile(samples, 50).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
    );
  } finally {
    for (const stream of streams) stream.close();
  }
}

export async function benchHandoff(report: Report): Promise<void> {
  await withOfflineServer(report, "handoff", async (server) => {
    // Warm-up: the routes compile and the demo agent loads.
    await handoffRounds(server, 3);
    const rounds = Number(process.env.BENCH_HANDOFF_ROUNDS ?? 30);
    const samples = await handoffRounds(server, rounds);
    report.figure("handoff_to_first_operator_message_p50_ms", percentile(samples, 50).toFixed(1));
    report.note(
      `handoff → first operator message on the channel's stream: ${rounds} rounds, p95 ${percentile(samples, 95).toFixed(1)} ms (handoff, claim, reply: 3 API calls)`,
    );
    await deliveryToOneOf200(report, server);
    await fanOutOnOne(report, server);
  });
}

import { readTurnStream } from "@/lib/turns/turn-stream";
import type { Report } from "../report";
import { api, type FocalServer, type SessionTurnsView } from "./focal-server";

// 200 widget sessions on one instance at once, each as widget.js talks (docs/widget.md): a publishable
// key from an allowed Origin starts the session, its events stream stays open for the conversation,
// and 3 turns go one after another with Accept: text/event-stream and the session token. A turn counts
// as answered when its `turn` event arrives; afterwards every session's stored turns are counted with
// the admin key, so a turn answered but not stored, or stored twice, shows as lost.

const TURNS_PER_SESSION = 3;

export interface WidgetLink {
  agent: string;
  key: string;
  origin: string;
}

interface Conversation {
  sessionId: string | null;
  answered: number;
  failures: string[];
}

const networkFailure = (error: unknown) =>
  `network ${error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)}`;

/** One streamed turn; true when its `turn` event arrived. */
async function sendTurn(
  base: string,
  sessionId: string,
  headers: Record<string, string>,
  message: string,
  result: Conversation,
): Promise<boolean> {
  const response = await fetch(`${base}/api/v1/sessions/${sessionId}/turns`, {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "text/event-stream",
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({ message }),
  });
  if (response.status !== 200 || !response.body) {
    result.failures.push(`turn ${response.status}`);
    return false;
  }
  let done = false;
  await readTurnStream(response.body, (event) => {
    if (event.event === "turn") done = true;
    else if (event.event === "error") result.failures.push(`turn error ${event.data.error.code}`);
  });
  return done;
}

async function converse(base: string, link: WidgetLink, index: number): Promise<Conversation> {
  // Each customer from an address of its own (198.18.0.0/15, the benchmarking range), as the server
  // trusts 127.0.0.1 as a proxy for this bench: the per-address limits are for one client, not a crowd.
  const address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const headers = { authorization: `Bearer ${link.key}`, origin: link.origin, "x-forwarded-for": address };
  const created = await fetch(`${base}/api/v1/agents/${link.agent}/sessions`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: "{}",
  }).catch((error: unknown) => error);
  if (!(created instanceof Response)) return { sessionId: null, answered: 0, failures: [networkFailure(created)] };
  if (created.status !== 201) return { sessionId: null, answered: 0, failures: [`session ${created.status}`] };
  const { session_id: sessionId, session_token: token } = (await created.json()) as {
    session_id: string;
    session_token: string;
  };
  const withToken = { ...headers, "x-focal-session-token": token };
  const result: Conversation = { sessionId, answered: 0, failures: [] };
  const events = new AbortController();
  const held = fetch(`${base}/api/v1/sessions/${sessionId}/events`, {
    headers: { ...withToken, accept: "text/event-stream" },
    signal: events.signal,
  })
    .then(async (response) => {
      if (response.status !== 200) result.failures.push(`events ${response.status}`);
      const reader = response.body?.getReader();
      // Read and dropped, as the widget does with what it has already shown.
      while (reader && !(await reader.read()).done) {}
    })
    .catch(() => {});
  for (let turn = 0; turn < TURNS_PER_SESSION; turn++) {
    try {
      if (await sendTurn(base, sessionId, withToken, `I want a refund for order ${index * 10 + turn}`, result)) {
        result.answered += 1;
      }
    } catch (error) {
      // A connection the server reset: the widget would say "Something went wrong" and keep the message.
      result.failures.push(networkFailure(error));
    }
  }
  events.abort();
  await held;
  return result;
}

export async function widgetLoad(report: Report, server: FocalServer, link: WidgetLink): Promise<void> {
  const sessions = Number(process.env.BENCH_WIDGET_SESSIONS ?? 200);
  const started = performance.now();
  const conversations = await Promise.all(
    Array.from({ length: sessions }, (_, index) => converse(server.baseUrl, link, index)),
  );
  const seconds = (performance.now() - started) / 1000;
  const answered = conversations.reduce((sum, c) => sum + c.answered, 0);
  let stored = 0;
  for (const conversation of conversations) {
    if (!conversation.sessionId) continue;
    const view = await api<SessionTurnsView>(server, "GET", `/api/v1/sessions/${conversation.sessionId}`);
    stored += view.session.turn_count;
  }
  const sent = sessions * TURNS_PER_SESSION;
  const failures = conversations.flatMap((c) => c.failures);
  report.figure("widget_turns_per_s", (answered / seconds).toFixed(1));
  report.figure("widget_turns_lost", String(sent - stored));
  report.note(
    `${sessions} widget sessions at once, ${TURNS_PER_SESSION} streamed turns each with its events stream open: ${answered}/${sent} answered, ${stored} stored, in ${seconds.toFixed(1)} s${failures.length > 0 ? `; refused: ${[...new Set(failures)].join(", ")}` : ""}`,
  );
}

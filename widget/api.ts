// The three calls the widget makes (docs/widget.md): start a session, send a turn with its progress
// streamed, and follow the session's events. A `Link` says how they reach Focal: from a customer's page
// with a publishable key and the session's token, or from the console itself (the sandbox's "Preview as
// customer") with its sign-in cookie.

import type { WidgetConfig } from "./config";
import { readSse } from "./sse";
import { identityOf, type ReplyWhy, type StoredSession } from "./storage";

export interface Link {
  base: string;
  /** "omit" from a customer's page (no cookie of Focal's may ride along); "same-origin" from the console. */
  credentials: RequestCredentials;
  /** The credential headers of a call, for the session it is about (none when starting one). */
  headers: (session: StoredSession | null) => Record<string, string>;
  /** Added to the turns and events addresses: the console asks for the customer's view, which a key always gets. */
  viewQuery: Record<string, string>;
}

/** A widget on a customer's page: the publishable key on every call, the session's token once it has one. */
function publishableLink(config: WidgetConfig): Link {
  return {
    base: config.base,
    credentials: "omit",
    headers: (session) => ({
      authorization: `Bearer ${config.key}`,
      ...(session ? { "x-focal-session-token": session.token } : {}),
    }),
    viewQuery: {},
  };
}

/** What the chat needs from Focal; the widget's is built on `publishableLink`, the console's preview on its own session. */
export interface WidgetTransport {
  start(): Promise<StoredSession>;
  send(session: StoredSession, message: string, onStage: (name: string) => void): Promise<TurnResult>;
  follow(
    session: StoredSession,
    after: string | null,
    signal: AbortSignal,
    onEvent: (event: SessionEvent, id: string | null) => void,
  ): Promise<void>;
}

export function publishableTransport(config: WidgetConfig): WidgetTransport {
  const link = publishableLink(config);
  return {
    start: () => startSession(link, config),
    send: (session, message, onStage) => sendTurn(link, session, message, onStage),
    follow: (session, after, signal, onEvent) => followEvents(link, session, after, signal, onEvent),
  };
}

export type ApiFailure =
  | { kind: "rate_limited"; retryAfter: number }
  | { kind: "refused" }
  /** The page's customer token was refused (expired, or not signed by the agent's secret): a reload mints a new one. */
  | { kind: "identity" }
  | { kind: "expired" }
  | { kind: "failed" };

export class WidgetApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.kind);
  }
}

export interface TurnResult {
  turnId: string;
  response: string;
  outcome: string;
  /** The rules that applied and the sources cited ("why this answer"). */
  why: ReplyWhy;
}

export interface TranscriptMessage {
  id: string;
  kind: "customer" | "agent" | "operator" | "system";
  text: string;
  /** An agent reply's applied rules and cited sources ("why this answer"), when the stream sent them. */
  why?: ReplyWhy;
}

export type SessionEvent =
  | { type: "message"; message: TranscriptMessage }
  | { type: "mode"; mode: string }
  | { type: "approval"; state: string }
  | { type: "gone" };

async function failureOf(response: Response): Promise<ApiFailure> {
  if (response.status === 429) {
    const seconds = Number(response.headers.get("retry-after"));
    return { kind: "rate_limited", retryAfter: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 1 };
  }
  if (response.status === 403 || response.status === 404) {
    return { kind: response.status === 403 ? "refused" : "expired" };
  }
  if (response.status === 401) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    return { kind: body?.error?.code?.startsWith("CUSTOMER_TOKEN_") ? "identity" : "refused" };
  }
  return { kind: "failed" };
}

async function send(link: Link, url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: link.credentials, mode: "cors" });
  } catch (error) {
    // A refused preflight (origin not allowed) and a network fault look the same to a page;
    // starting a session reads either as "cannot start here".
    if (init.signal?.aborted) throw error;
    throw new WidgetApiError({ kind: "failed" });
  }
  if (!response.ok) throw new WidgetApiError(await failureOf(response));
  return response;
}

/** Starts the session: for the customer the page's identity token names, else anonymous; never a customer id of the page's own. */
async function startSession(link: Link, config: WidgetConfig): Promise<StoredSession> {
  const headers: Record<string, string> = { ...link.headers(null), "content-type": "application/json" };
  if (config.customerToken) headers["x-focal-customer-token"] = config.customerToken;
  const response = await send(link, `${link.base}/api/v1/agents/${encodeURIComponent(config.agent)}/sessions`, {
    method: "POST",
    headers,
    body: JSON.stringify(config.environment ? { environment: config.environment } : {}),
  });
  const body = (await response.json()) as {
    session_id: string;
    session_token: string;
    session_token_expires_at: string;
    widget?: { show_why?: boolean };
  };
  return {
    sessionId: body.session_id,
    token: body.session_token,
    expiresAt: body.session_token_expires_at,
    showWhy: body.widget?.show_why !== false,
    why: {},
    identity: identityOf(config.customerToken),
  };
}

/** The customer's shape of a turn (lib/widget/customer-response-schemas.ts), which the widget always asks for. */
interface TurnBody {
  turn_id: string;
  response: string;
  outcome: string;
  why?: WhyBody;
}

/** "Why this answer" as the customer's answers carry it (CustomerWhy); `sources` is absent from an older server. */
interface WhyBody {
  rules?: { name?: unknown }[];
  sources?: { title?: unknown; url?: unknown }[];
}

function replyWhyOf(why: WhyBody): ReplyWhy {
  const sources = why.sources ?? [];
  const links: Record<string, string> = {};
  for (const source of sources) if (typeof source.url === "string") links[String(source.title)] = source.url;
  return {
    rules: (why.rules ?? []).map((rule) => String(rule.name)),
    sources: sources.map((source) => String(source.title)),
    ...(Object.keys(links).length > 0 ? { links } : {}),
  };
}

/** Sends one message; `onStage` gets each finished stage's name; the reply comes only from the turn event. */
export async function sendTurn(
  link: Link,
  session: StoredSession,
  message: string,
  onStage: (name: string) => void,
): Promise<TurnResult> {
  const query = new URLSearchParams(link.viewQuery);
  const address = `${link.base}/api/v1/sessions/${session.sessionId}/turns${query.size > 0 ? `?${query}` : ""}`;
  const response = await send(link, address, {
    method: "POST",
    headers: {
      ...link.headers(session),
      "content-type": "application/json",
      accept: "text/event-stream",
      "idempotency-key": crypto.randomUUID(),
    },
    body: JSON.stringify({ message }),
  });
  let turn: TurnBody | null = null;
  let failure: ApiFailure | null = null;
  if (!response.body) throw new WidgetApiError({ kind: "failed" });
  await readSse(response.body, (event) => {
    if (event.event === "stage") onStage((JSON.parse(event.data) as { name: string }).name);
    else if (event.event === "turn") turn = JSON.parse(event.data) as TurnBody;
    else if (event.event === "error") {
      const body = JSON.parse(event.data) as { status?: number; retry_after?: number };
      failure = body.status === 429 ? { kind: "rate_limited", retryAfter: body.retry_after ?? 1 } : { kind: "failed" };
    }
  });
  const done = turn as TurnBody | null;
  if (!done) throw new WidgetApiError(failure ?? { kind: "failed" });
  return {
    turnId: done.turn_id,
    response: done.response,
    outcome: done.outcome,
    why: replyWhyOf(done.why ?? {}),
  };
}

/** Follows the session's events until `signal` aborts; resolves when the stream ends. */
export async function followEvents(
  link: Link,
  session: StoredSession,
  after: string | null,
  signal: AbortSignal,
  onEvent: (event: SessionEvent, id: string | null) => void,
): Promise<void> {
  const params = new URLSearchParams(link.viewQuery);
  if (after) params.set("after", after);
  const query = params.size > 0 ? `?${params}` : "";
  const response = await send(link, `${link.base}/api/v1/sessions/${session.sessionId}/events${query}`, {
    headers: { ...link.headers(session), accept: "text/event-stream" },
    signal,
  });
  if (!response.body) return;
  await readSse(response.body, (event) => {
    const data = JSON.parse(event.data) as Omit<TranscriptMessage, "why"> & {
      mode?: unknown;
      state?: unknown;
      why?: WhyBody;
    };
    if (event.event === "message") {
      const { why, ...line } = data;
      onEvent({ type: "message", message: why ? { ...line, why: replyWhyOf(why) } : line }, event.id);
    } else if (event.event === "mode") onEvent({ type: "mode", mode: String(data.mode) }, null);
    else if (event.event === "approval") onEvent({ type: "approval", state: String(data.state) }, null);
    else if (event.event === "gone") onEvent({ type: "gone" }, null);
  });
}

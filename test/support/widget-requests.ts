import { createHmac } from "node:crypto";
import { POST as createKeyRoute } from "@/app/api/v1/agents/[key]/publishable-keys/route";
import { POST as sessionsRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as eventsRoute } from "@/app/api/v1/sessions/[id]/events/route";
import { POST as turnsRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { peerHeader } from "./auth-requests";
import { ORIGIN } from "./request-headers";
import { callRoute, type RouteHandler } from "./response-contract";
import { callWithKey } from "./route-call";

// A web page's calls with a publishable key (docs/widget.md), for the widget's API tests: each test
// makes its own agent, key and client address, so no case's counters or streams reach another's.

export const SHOP = "https://shop.example.com";

let agents = 0;

/** A fresh copy of the demo under its own key. */
export async function freshWidgetAgent(handle: DatabaseHandle): Promise<string> {
  agents += 1;
  const key = `widget-${agents}-${Math.random().toString(36).slice(2, 8)}`;
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key, name: key } }, SYSTEM_ACTOR, "setup");
  return key;
}

/** A publishable key of the agent from an admin key: its id and the key itself. */
export async function createWidgetKey(
  admin: string,
  agentKey: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; key: string; environments: string[] }> {
  const response = await callWithKey(
    createKeyRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/publishable-keys`,
    { key: agentKey },
    admin,
    { label: "Shop", allowed_origins: [SHOP], ...body },
  );
  if (response.status !== 201) throw new Error(`publishable key: ${response.status} ${await response.text()}`);
  return response.json();
}

const randomPeer = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export interface PkCall {
  pk: string;
  token?: string;
  body?: unknown;
  peer?: string;
  query?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A request as the widget on SHOP sends it: the key, the Origin, the client address, the session's token. */
function pkRequest(path: string, call: PkCall): Request {
  const headers: Record<string, string> = {
    authorization: `Bearer ${call.pk}`,
    "content-type": "application/json",
    origin: SHOP,
    ...peerHeader(call.peer ?? randomPeer()),
    ...call.headers,
  };
  if (call.token) headers["x-focal-session-token"] = call.token;
  return new Request(`${ORIGIN}${path}${call.query ?? ""}`, {
    method: call.body === undefined ? "GET" : "POST",
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: call.signal,
  });
}

export function startWidgetSession(agentKey: string, call: PkCall): Promise<Response> {
  return callRoute(
    sessionsRoute as RouteHandler,
    pkRequest(`/api/v1/agents/${agentKey}/sessions`, { body: {}, ...call }),
    { key: agentKey },
  );
}

export function postWidgetTurn(sessionId: string, message: string, call: PkCall): Promise<Response> {
  return callRoute(
    turnsRoute as RouteHandler,
    pkRequest(`/api/v1/sessions/${sessionId}/turns`, { body: { message }, ...call }),
    { id: sessionId },
  );
}

/** Opens the session's events as the widget does (the token in its header); abort `call.signal` to close. */
export function openWidgetEvents(sessionId: string, call: PkCall): Promise<Response> {
  return callRoute(eventsRoute as RouteHandler, pkRequest(`/api/v1/sessions/${sessionId}/events`, call), {
    id: sessionId,
  });
}

/**
 * A customer identity token as a company's server mints it (the Node example of docs/widget.md): the
 * customer id and an expiry, signed with the agent's identity secret.
 */
export function mintCustomerToken(secret: string, customerId: string, expiresInSeconds = 3600): string {
  const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const id = Buffer.from(customerId).toString("base64url");
  const signature = createHmac("sha256", secret).update(`v1.${id}.${expires}`).digest("base64url");
  return `v1.${id}.${expires}.${signature}`;
}

import "server-only";
import type { DbOrTx } from "@/db/types";
import type { PublishableKeyPrincipal } from "../principal";
import { requestHostFrom } from "../request/forwarded-request";

// The route wrapper's pk branch (docs/widget.md). What a key is and what a session token admits
// belong to the widget (lib/widget/server/): the composition root hands them in (composeFocal,
// lib/boot/compose.ts), so this shared layer never imports the feature.

/** A live publishable key as the widget finds it by the text presented. */
interface PresentedPublishableKey {
  id: string;
  prefix: string;
  agentId: string;
  allowedOrigins: string[];
  environments: string[];
}

/** The widget's side of the pk branch. */
export interface PublishableKeys {
  /** The live key the text names, or null for an unknown, revoked or malformed one. */
  authenticate(db: DbOrTx, presented: string): Promise<PresentedPublishableKey | null>;
  /** Whether a session token is live and was issued for this session and key. */
  tokenAdmits(db: DbOrTx, token: string, expected: { sessionId: string; keyId: string }): Promise<boolean>;
}

declare global {
  // On globalThis: instrumentation and each route module are separate module graphs in Next.js.
  var __focalPublishableKeys: PublishableKeys | undefined;
}
const slot = globalThis;

/** The composition root hands in the widget's keys and tokens, once per process. */
export function installPublishableKeys(keys: PublishableKeys): void {
  slot.__focalPublishableKeys = keys;
}

function publishableKeys(): PublishableKeys {
  const keys = slot.__focalPublishableKeys;
  if (!keys) throw new Error("no publishable keys installed: composeFocal() (lib/boot/compose.ts) runs first");
  return keys;
}

/** Which of the three widget routes a route is (docs/widget.md); every other route refuses a pk key. */
export type PublishableRoute = "agent-sessions" | "session";

export const PUBLISHABLE_KEY_HEADERS = {
  allowHeaders:
    "authorization, content-type, accept, idempotency-key, last-event-id, x-focal-session-token, x-focal-customer-token",
  exposeHeaders: "retry-after, x-request-id, idempotent-replayed",
} as const;

type Refusal = { status: number; code: string; message: string };

/**
 * A pk key's principal, or why it is refused: 401 for an unknown or revoked key, 403
 * PUBLISHABLE_KEY_NOT_ALLOWED on a route outside the three, 403 ORIGIN_NOT_ALLOWED when the request's
 * Origin is missing or not one the key lists. Nothing is written either way.
 */
export async function publishablePrincipal(
  db: DbOrTx,
  presented: string,
  request: Request,
  route: PublishableRoute | undefined,
): Promise<PublishableKeyPrincipal | Refusal> {
  const key = await publishableKeys().authenticate(db, presented);
  if (!key) return { status: 401, code: "UNAUTHENTICATED", message: "Invalid or revoked publishable key." };
  if (!route) {
    return {
      status: 403,
      code: "PUBLISHABLE_KEY_NOT_ALLOWED",
      message: "A publishable key may only start a session, post its turns and read its events.",
    };
  }
  const origin = originOf(request);
  if (!origin || !key.allowedOrigins.includes(origin.toLowerCase())) {
    return {
      status: 403,
      code: "ORIGIN_NOT_ALLOWED",
      message: origin
        ? `This publishable key is not allowed from ${origin.slice(0, 300)}.`
        : "A publishable key is used from a browser page: the request needs its Origin header.",
    };
  }
  return {
    kind: "publishable_key",
    id: key.id,
    prefix: key.prefix,
    agentId: key.agentId,
    origin,
    environments: key.environments,
  };
}

/**
 * The page a request comes from. Browsers send no Origin on a same-origin GET (the hosted chat page
 * reading its own events stream, docs/widget.md#the-hosted-page), but they do send the
 * `Sec-Fetch-Site: same-origin` fetch metadata, which a page cannot set: then the page's origin is
 * this server's own, as the client addressed it.
 */
function originOf(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin) return origin;
  if (request.method !== "GET" || request.headers.get("sec-fetch-site") !== "same-origin") return null;
  const host = requestHostFrom(request.headers);
  return host ? `${new URL(request.url).protocol}//${host}` : null;
}

/** The session token a request carries: the header, or for GET (EventSource) the session_token query. */
function presentedToken(request: Request): string | null {
  const header = request.headers.get("x-focal-session-token");
  if (header) return header.trim();
  if (request.method !== "GET") return null;
  return new URL(request.url).searchParams.get("session_token");
}

/** 403 SESSION_TOKEN_INVALID unless the request carries a live token of this session and this key. */
export async function sessionTokenRefusal(
  db: DbOrTx,
  request: Request,
  principal: PublishableKeyPrincipal,
  sessionId: string,
): Promise<Refusal | null> {
  const token = presentedToken(request);
  if (token && (await publishableKeys().tokenAdmits(db, token, { sessionId, keyId: principal.id }))) return null;
  return {
    status: 403,
    code: "SESSION_TOKEN_INVALID",
    message: token
      ? "The session token is expired, or was issued for another session or key."
      : "Send the session's token in X-Focal-Session-Token.",
  };
}

import "server-only";
import { env } from "@/lib/env";
import { getDb } from "../db";
import type { FieldIssue } from "../errors";
import { ensureAuthSecret } from "../instance-secret";
import { clientAddressFrom, isSameOrigin } from "../request/forwarded-request";
import { getAuth } from "./auth";
import { guardAuthBody } from "./auth-body-guard";
import { CLIENT_ADDRESS_HEADER } from "./client-address-header";
import { deviceCookieFor, knownDeviceId } from "./device-cookie";
import { admitSignInAttempt, normalizeSignInEmail, recordSignInSuccess } from "./sign-in-throttle";

const CODES = { 400: "BAD_REQUEST", 403: "FORBIDDEN", 413: "PAYLOAD_TOO_LARGE", 429: "RATE_LIMITED" } as const;

function refuse(
  status: keyof typeof CODES,
  message: string,
  extra: { retryAfterSeconds?: number; errors?: FieldIssue[] } = {},
): Response {
  const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store" };
  if (extra.retryAfterSeconds) headers["retry-after"] = String(extra.retryAfterSeconds);
  const body = { code: CODES[status], message, ...(extra.errors ? { errors: extra.errors } : {}) };
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * Whether the endpoint takes a password (sign-in, and password changes, which check the current one).
 * Judged on the decoded, slash-collapsed, lower-cased path, so "/api/auth//Sign-In/email/" or
 * "%73ign-in" cannot slip past the limits to a router that normalises differently.
 */
function checksPassword(url: string): boolean {
  let path = new URL(url).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    return true;
  }
  const normalised = path.toLowerCase().replace(/\/+/g, "/");
  return /\/(sign-in|[a-z-]*password)(\/|$)/.test(normalised);
}

function emailOf(body: unknown): string {
  return body !== null && typeof body === "object" ? normalizeSignInEmail((body as { email?: unknown }).email) : "";
}

/**
 * Every request to better-auth's endpoints: the client address it rate-limits by comes from the socket
 * (or trusted proxies), state-changing requests must carry this origin, and sign-in goes through
 * Focal's limits (sign-in-throttle.ts) before the password is checked: a browser with the account's
 * device cookie and an address that signed in to it before are counted apart from strangers.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const auth = await getAuth();
  const address = clientAddressFrom(request.headers);
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  if (request.method === "GET" || request.method === "HEAD") {
    return auth.handler(new Request(request.url, { method: request.method, headers }));
  }
  if (!isSameOrigin(request.headers)) {
    return refuse(
      403,
      "Refused: this request must come from the Focal console itself (its Origin header is missing or names another site).",
    );
  }
  // The request guard before the limiter and before better-auth parses anything (auth-body-guard.ts).
  const guarded = await guardAuthBody(request);
  if (!guarded.ok) return refuse(guarded.status, guarded.message, { errors: guarded.issues });
  const body = guarded.text;
  const forward = () => auth.handler(new Request(request.url, { method: request.method, headers, body }));
  if (!checksPassword(request.url)) return forward();

  const db = await getDb();
  const email = emailOf(guarded.value);
  const secret = await ensureAuthSecret(db, env().FOCAL_AUTH_SECRET);
  const attempt = { address, email, deviceId: knownDeviceId(request.headers.get("cookie"), email, secret) };
  const verdict = await admitSignInAttempt(db, attempt);
  if (!verdict.allowed) {
    return refuse(429, `Too many sign-in attempts. Try again in ${verdict.retryAfterSeconds} s.`, {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const response = await forward();
  if (response.status !== 200) return response;
  await recordSignInSuccess(db, attempt, verdict);
  if (!email) return response;
  // This browser now knows the account: its later sign-ins are counted apart from strangers'.
  const signedIn = new Response(response.body, response);
  const secure = new URL(request.url).protocol === "https:" || Boolean(env().FOCAL_PUBLIC_URL?.startsWith("https:"));
  signedIn.headers.append("set-cookie", deviceCookieFor(email, secret, attempt.deviceId, secure));
  return signedIn;
}

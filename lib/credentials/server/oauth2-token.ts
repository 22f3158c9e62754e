import "server-only";
import { z } from "zod";
import { lockCredentialRow, storeCredentialToken } from "@/db/queries/credentials";
import type { AgentCredentialRow, Database } from "@/db/types";
import { env } from "@/lib/env";
import { outboundFetch } from "@/lib/outbound/outbound-fetch";
import { OutboundRefusedError, outboundTarget } from "@/lib/outbound/outbound-target";
import { ToolFailure } from "@/lib/providers/tools/tool-failure";
import type { CredentialValue } from "../credential-schemas";
import { openAccessToken, sealAccessToken } from "./credential-seal";

// OAuth 2.0 client credentials (RFC 6749 §4.4): the access token is fetched from the credential's
// token_url through the outbound policy (the tool-host allow-list, redirects not followed), kept
// sealed on the credential's row until its expiry minus a margin, and in this process's memory for
// the same time, so a call with a cached token costs no query. A refresh locks the row (SELECT … FOR
// UPDATE, the same code on PGlite and PostgreSQL): instances sharing the database fetch one at a
// time, and the others find the new token when the lock is theirs. No message names a secret.

type OAuth2Value = Extract<CredentialValue, { kind: "oauth2_client_credentials" }>;

// 60 s before expiry, or a tenth of a short lifetime: a token is never sent in its last moments.
const MARGIN_MS = 60_000;
// RFC 6749 §5.1 makes expires_in optional; without it a token is used for 5 minutes.
const DEFAULT_LIFETIME_S = 300;
// The token endpoint gets as long as a tool call's default deadline, and 64 KiB of answer.
const TOKEN_TIMEOUT_MS = 5000;
const TOKEN_MAX_BYTES = 65_536;

// RFC 6749 §5.1: a token endpoint's answer; some servers send expires_in as a string.
const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string()]).optional(),
});

interface Cached {
  token: string;
  fingerprint: string;
  expiresAt: number;
}

declare global {
  var __focalOAuthTokens: Map<string, Cached> | undefined;
}
globalThis.__focalOAuthTokens ??= new Map<string, Cached>();
const memory = globalThis.__focalOAuthTokens;

function usable(row: AgentCredentialRow, now: number): boolean {
  return row.tokenSealed !== null && row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() > now;
}

/** The credential's access token: from memory, from its row, or fetched under the row's lock. */
export async function oauth2AccessToken(db: Database, row: AgentCredentialRow, value: OAuth2Value): Promise<string> {
  const now = Date.now();
  const cached = memory.get(row.id);
  if (cached && cached.fingerprint === row.fingerprint && cached.expiresAt > now) return cached.token;
  if (usable(row, now)) {
    const token = await openAccessToken(db, row.id, row.tokenSealed as string);
    if (token !== null) return remember(row, token, (row.tokenExpiresAt as Date).getTime());
  }
  return db.transaction(async (tx) => {
    const locked = await lockCredentialRow(tx, row.id);
    if (!locked) throw new ToolFailure("error", "the credential was deleted during the call");
    if (usable(locked, Date.now())) {
      const token = await openAccessToken(tx, locked.id, locked.tokenSealed as string);
      if (token !== null) return remember(locked, token, (locked.tokenExpiresAt as Date).getTime());
    }
    const fetched = await fetchToken(value, locked.name);
    const lifetimeMs = fetched.expiresInS * 1000;
    const expiresAt = Date.now() + lifetimeMs - Math.min(MARGIN_MS, lifetimeMs / 10);
    await storeCredentialToken(tx, locked.id, {
      sealed: await sealAccessToken(tx, locked.id, fetched.token),
      expiresAt: new Date(expiresAt),
    });
    return remember(locked, fetched.token, expiresAt);
  });
}

function remember(row: AgentCredentialRow, token: string, expiresAt: number): string {
  memory.set(row.id, { token, fingerprint: row.fingerprint, expiresAt });
  return token;
}

async function fetchToken(value: OAuth2Value, name: string): Promise<{ token: string; expiresInS: number }> {
  const failed = (why: string, status?: number) =>
    new ToolFailure("error", `the token endpoint of credential "${name}" ${why}`, status);
  let url: URL;
  try {
    url = new URL(value.token_url);
  } catch {
    throw failed("has an invalid URL");
  }
  const allowedHosts = env()
    .FOCAL_TOOL_HOSTS.split(/[\s,]+/)
    .filter(Boolean);
  const target = outboundTarget(url, { allowedHosts, listedOnly: true });
  if (!target.ok) throw new ToolFailure("refused", `the token endpoint of credential "${name}": ${target.reason}`);
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (value.scope) form.set("scope", value.scope);
  if (value.audience) form.set("audience", value.audience);
  // RFC 6749 §2.3.1: client_secret_basic, each part form-encoded first.
  const basic = Buffer.from(
    `${encodeURIComponent(value.client_id)}:${encodeURIComponent(value.client_secret)}`,
  ).toString("base64");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TOKEN_TIMEOUT_MS);
  try {
    const response = await outboundFetch(target, {
      method: "POST",
      signal: controller.signal,
      headers: {
        accept: "application/json",
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
    });
    const text = await response.text();
    if (!response.ok) throw failed(`answered HTTP ${response.status}`, response.status);
    if (text.length > TOKEN_MAX_BYTES) throw failed(`answered more than ${TOKEN_MAX_BYTES} bytes`);
    const body = TokenAnswer.safeParse(JSON.parse(text));
    if (!body.success) throw failed("answered without an access_token");
    const expiresIn = Number(body.data.expires_in);
    return {
      token: body.data.access_token,
      expiresInS: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S,
    };
  } catch (error) {
    if (error instanceof ToolFailure) throw error;
    if (controller.signal.aborted)
      throw new ToolFailure(
        "timeout",
        `the token endpoint of credential "${name}" did not answer within ${TOKEN_TIMEOUT_MS} ms`,
      );
    if (error instanceof OutboundRefusedError)
      throw new ToolFailure("refused", `the token endpoint of credential "${name}": ${error.message}`);
    if (error instanceof SyntaxError) throw failed("answered something other than JSON");
    throw failed(`could not be reached (${(error as NodeJS.ErrnoException).code ?? "network error"})`);
  } finally {
    clearTimeout(timer);
  }
}

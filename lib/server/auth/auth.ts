import "server-only";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { authDatabaseAdapter } from "@/db/auth-adapter";
import { operatorDisabled } from "@/db/queries/identity";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { getDb } from "../db";
import { ensureAuthSecret } from "../instance-secret";
import { loggableText, loggableValue } from "../loggable-error";
import { requestHostFrom } from "../request/forwarded-request";
import { CLIENT_ADDRESS_HEADER } from "./client-address-header";

// Sessions last 12 hours: an operator's working day, then sign in again.
const SESSION_SECONDS = 12 * 60 * 60;

function createAuth(db: Database, secret: string) {
  return betterAuth({
    secret,
    baseURL: env().FOCAL_PUBLIC_URL,
    // Same-origin only: the Origin of a state-changing auth request must be the host it was sent to
    // (X-Forwarded-Host counts only from a trusted proxy).
    trustedOrigins: (request) => {
      const host = request ? requestHostFrom(request.headers) : null;
      if (!host) return [];
      return [`http://${host}`, `https://${host}`];
    },
    database: authDatabaseAdapter(db),
    emailAndPassword: { enabled: true, minPasswordLength: 8, autoSignIn: false },
    // Operators are added by an admin (or at first start), never by self sign-up.
    disabledPaths: ["/sign-up/email"],
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: 60 * 60 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 600,
      // Sign-in has Focal's own per-address and per-account limits (sign-in-throttle.ts).
      customRules: { "/sign-in/*": false },
    },
    // The client address, written by handleAuthRequest from the socket or a trusted proxy; better-auth's
    // default, the first X-Forwarded-For entry, is whatever the client says.
    advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const disabled = await operatorDisabled(db, session.userId);
            if (disabled === null || disabled) {
              throw new APIError("FORBIDDEN", { message: "This operator is disabled. Ask an admin to enable it." });
            }
          },
        },
      },
    },
    // better-auth logs its own failures: an adapter error carries the failed query's parameters, and
    // its messages name the account ("… for user a@b.c") with whatever bytes the client sent.
    logger: {
      log: (level, message, ...args) => console[level](`[auth] ${loggableText(message)}`, ...args.map(loggableValue)),
    },
    plugins: [nextCookies()],
  });
}

export type FocalAuth = ReturnType<typeof createAuth>;

declare global {
  var __focalAuth: Promise<FocalAuth> | undefined;
}
const slot = globalThis;

export function getAuth(): Promise<FocalAuth> {
  if (!slot.__focalAuth) {
    slot.__focalAuth = (async () => {
      const db = await getDb();
      const secret = await ensureAuthSecret(db, env().FOCAL_AUTH_SECRET);
      return createAuth(db, secret);
    })();
    slot.__focalAuth.catch(() => {
      slot.__focalAuth = undefined;
    });
  }
  return slot.__focalAuth;
}

/** Tests swap databases between files. */
export function resetAuthForTests(): void {
  slot.__focalAuth = undefined;
}

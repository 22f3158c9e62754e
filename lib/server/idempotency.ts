import "server-only";
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import {
  claimIdempotencyKey,
  completeIdempotencyRecord,
  deleteExpiredIdempotencyRecord,
  deleteInFlightIdempotencyRecord,
  getIdempotencyRecord,
} from "@/db/queries/idempotency";
import type { Database, Transaction } from "@/db/types";
import { env } from "@/lib/env";
import { AppError } from "./errors";

// A key is remembered 24 h (a client retrying after a network blip does so within minutes); an
// in-flight key whose server died is free again after FOCAL_IDEMPOTENCY_IN_FLIGHT_MS (60 s).
const DONE_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

export type IdempotencyStart = { kind: "new"; recordId: string } | { kind: "replay"; status: number; body: unknown };

export function requestHash(body: unknown): string {
  return createHash("sha256")
    .update(canonicalize(body) ?? "")
    .digest("hex");
}

/**
 * Claims (scope, key) for this request. Same key and body after completion → the stored response;
 * same key, other body → 422; same key still running → 409.
 */
export async function beginIdempotent(
  db: Database,
  scope: string,
  key: string,
  hash: string,
): Promise<IdempotencyStart> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError("VALIDATION", "Idempotency-Key must be 1–128 characters of letters, digits, _ . : -", [
      { path: "Idempotency-Key", message: "invalid format" },
    ]);
  }
  const now = new Date();
  await deleteExpiredIdempotencyRecord(db, scope, key, now);
  const claimed = await claimIdempotencyKey(db, {
    scope,
    key,
    requestHash: hash,
    expiresAt: new Date(now.getTime() + env().FOCAL_IDEMPOTENCY_IN_FLIGHT_MS),
  });
  if (claimed) return { kind: "new", recordId: claimed };
  const existing = await getIdempotencyRecord(db, scope, key);
  if (!existing) return beginIdempotent(db, scope, key, hash);
  if (existing.requestHash !== hash) {
    throw new AppError("VALIDATION", "This Idempotency-Key was used with a different request body.", [
      { path: "Idempotency-Key", message: "reused with another body" },
    ]);
  }
  if (existing.status === "in_flight") {
    throw new AppError("CONFLICT", "A request with this Idempotency-Key is still in progress; retry shortly.");
  }
  return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
}

/** Stores the response in the caller's transaction, so the turn and its replay record commit together. */
export async function completeIdempotent(
  tx: Transaction,
  recordId: string,
  status: number,
  body: unknown,
): Promise<void> {
  await completeIdempotencyRecord(tx, recordId, { status, body, expiresAt: new Date(Date.now() + DONE_TTL_MS) });
}

/** The request failed before anything was stored: the key may be used again at once. */
export async function releaseIdempotent(db: Database, recordId: string): Promise<void> {
  await deleteInFlightIdempotencyRecord(db, recordId);
}

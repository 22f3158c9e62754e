import "server-only";
import { createHash, randomUUID } from "node:crypto";
import canonicalize from "canonicalize";
import {
  claimIdempotencyKey,
  completeIdempotencyRecord,
  deleteExpiredIdempotencyRecord,
  deleteInFlightIdempotencyRecord,
  getIdempotencyRecord,
} from "@/db/queries/idempotency";
import { dbFaultCode } from "@/db/transient-error";
import type { Database, Transaction } from "@/db/types";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/errors";

// A key is remembered 24 h (a client retrying after a network blip does so within minutes); an
// in-flight key whose server died is free again after FOCAL_IDEMPOTENCY_IN_FLIGHT_MS (60 s). A key
// whose request failed before its commit while this server lived is released at once instead
// (docs/operations.md): the client's retry runs the turn rather than waiting out that window.
const DONE_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
// Releasing runs while the database may still be coming back: 3 tries over ~0.4 s before answering,
// then every second in the background until it works or the in-flight window has passed anyway.
const RELEASE_WAITS_MS = [100, 300];
const BACKGROUND_RELEASE_EVERY_MS = 1000;

// Records this process failed to release yet (database unreachable): a retry of the same key on this
// instance drops the record itself instead of answering 409 for a turn known not to have committed.
const unreleased = new Set<string>();

type IdempotencyStart = { kind: "new"; recordId: string } | { kind: "replay"; status: number; body: unknown };

/** The answer stored the first time, as it was: a 200 body or an error body. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * A request's claim on its key (`defineRoute`'s `idempotent` option hands it to the handler): the work
 * completes it in the transaction that commits the work, and releases it when it fails before that.
 */
export interface IdempotencyClaim {
  /** Stores the answer in the caller's transaction, so the work and its replay record commit together. */
  complete(tx: Transaction, status: number, body: unknown): Promise<void>;
  /** The work failed before its commit: the key may be used again at once. Never throws; a finished record is kept. */
  release(): Promise<void>;
}

/** Claims the request's key: the claim to complete with the work, or the answer stored the first time. */
export async function claimIdempotent(
  db: Database,
  scope: string,
  key: string,
  request: unknown,
): Promise<{ claim: IdempotencyClaim } | { replay: StoredAnswer }> {
  const start = await beginIdempotent(db, scope, key, requestHash(request));
  if (start.kind === "replay") return { replay: { status: start.status, body: start.body } };
  const { recordId } = start;
  let released = false;
  return {
    claim: {
      complete: (tx, status, body) => completeIdempotent(tx, recordId, status, body),
      // Whoever sees the failure first releases: the work, or the wrapper around it.
      release: async () => {
        if (released) return;
        released = true;
        await releaseIdempotent(db, recordId);
      },
    },
  };
}

export function requestHash(body: unknown): string {
  return createHash("sha256")
    .update(canonicalize(body) ?? "")
    .digest("hex");
}

/**
 * Claims (scope, key) for this request. Same key and body after completion → the stored response;
 * same key, other body → 422; same key still running → 409.
 */
async function beginIdempotent(db: Database, scope: string, key: string, hash: string): Promise<IdempotencyStart> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError("VALIDATION", "Idempotency-Key must be 1–128 characters of letters, digits, _ . : -", [
      { path: "Idempotency-Key", message: "invalid format" },
    ]);
  }
  const now = new Date();
  await deleteExpiredIdempotencyRecord(db, scope, key, now);
  const id = randomUUID();
  let claimed: string | null;
  try {
    claimed = await claimIdempotencyKey(db, {
      id,
      scope,
      key,
      requestHash: hash,
      expiresAt: new Date(now.getTime() + env().FOCAL_IDEMPOTENCY_IN_FLIGHT_MS),
    });
  } catch (error) {
    // The insert may have committed with its answer lost: free that claim, whichever it was.
    await releaseIdempotent(db, id);
    throw error;
  }
  if (claimed) return { kind: "new", recordId: claimed };
  const existing = await getIdempotencyRecord(db, scope, key);
  if (!existing) return beginIdempotent(db, scope, key, hash);
  if (existing.requestHash !== hash) {
    throw new AppError("VALIDATION", "This Idempotency-Key was used with a different request body.", [
      { path: "Idempotency-Key", message: "reused with another body" },
    ]);
  }
  if (existing.status === "in_flight" && unreleased.has(existing.id)) {
    await deleteInFlightIdempotencyRecord(db, existing.id);
    unreleased.delete(existing.id);
    return beginIdempotent(db, scope, key, hash);
  }
  if (existing.status === "in_flight") {
    throw new AppError("CONFLICT", "A request with this Idempotency-Key is still in progress; retry shortly.");
  }
  return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
}

/** Stores the response in the caller's transaction, so the turn and its replay record commit together. */
async function completeIdempotent(tx: Transaction, recordId: string, status: number, body: unknown): Promise<void> {
  await completeIdempotencyRecord(tx, recordId, { status, body, expiresAt: new Date(Date.now() + DONE_TTL_MS) });
}

/**
 * The request failed before its commit: the key may be used again at once. Never throws (the caller
 * is answering with the first error); a finished record is kept, so a turn whose commit did land
 * (the connection lost during COMMIT) is still answered from its record.
 */
async function releaseIdempotent(db: Database, recordId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await deleteInFlightIdempotencyRecord(db, recordId);
      unreleased.delete(recordId);
      return;
    } catch (error) {
      const wait = RELEASE_WAITS_MS[attempt];
      if (wait === undefined) {
        unreleased.add(recordId);
        console.warn(`[idempotency] could not release a key yet (${dbFaultCode(error)}); retrying in the background`);
        releaseInBackground(db, recordId);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

function releaseInBackground(db: Database, recordId: string): void {
  const giveUpAt = Date.now() + env().FOCAL_IDEMPOTENCY_IN_FLIGHT_MS;
  const timer = setInterval(() => {
    if (!unreleased.has(recordId) || Date.now() > giveUpAt) {
      unreleased.delete(recordId);
      clearInterval(timer);
      return;
    }
    deleteInFlightIdempotencyRecord(db, recordId).then(
      () => unreleased.delete(recordId),
      () => {},
    );
  }, BACKGROUND_RELEASE_EVERY_MS);
  timer.unref();
}

import "server-only";
import { createHash } from "node:crypto";
import {
  deleteIdempotencyOfSessions,
  deleteProfiles,
  deleteTurnBatch,
  profilesOfCustomer,
  sessionIdsOfProfiles,
} from "@/db/queries/customer-deletion";
import type { Database } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { forgetInAgentTests } from "./forget-in-agent-tests";
import { forgetInJobRuns } from "./forget-in-job-runs";

// Turns go in batches of 500 (each with its spans, tapes and loops), one transaction a batch, so a
// customer with years of history never holds one huge transaction or lock.
const TURN_BATCH = 500;

export interface CustomerDeletion {
  customer_sha256: string;
  profiles: number;
  sessions: number;
  turns: number;
  /** Replay and test-run records that named the customer's sessions or turns, now without them. */
  job_runs: number;
  /** Conversation tests saved from the customer's sessions, deleted (they held the customer's messages). */
  tests: number;
  ledger_event_id: string;
}

/**
 * Deletes everything Focal holds about one customer (the API's customer_id) in every agent: turns
 * with their spans, tapes and loops, in batches; their sessions and turns out of every stored replay
 * and test run (forget-in-job-runs.ts); then, in one transaction, the stored API responses, the
 * conversation tests saved from their sessions (forget-in-agent-tests.ts), the profiles and their sessions, and a CUSTOMER_DELETED ledger event that holds only a hash of the id
 * and the counts. Ledger events stay as they were (they hold ids and hashes, never customer text), so
 * the chain still verifies (docs/ledger.md). Unknown, or already deleted: 404, nothing written.
 */
export async function deleteCustomer(
  db: Database,
  customerRef: string,
  ctx: { actor: Actor; requestId: string },
): Promise<CustomerDeletion> {
  const profiles = await profilesOfCustomer(db, customerRef);
  if (profiles.length === 0) throw new AppError("NOT_FOUND", "No customer with this id (or it was already deleted).");
  const profileIds = profiles.map((p) => p.id);
  const sessionIds = await sessionIdsOfProfiles(db, profileIds);
  const agentIds = [...new Set(profiles.map((p) => p.agentId))].sort();
  const turnIds: string[] = [];
  for (;;) {
    const deleted = await db.transaction((tx) => deleteTurnBatch(tx, sessionIds, TURN_BATCH));
    turnIds.push(...deleted);
    if (deleted.length < TURN_BATCH) break;
  }
  const jobRuns = await forgetInJobRuns(db, { agentIds, sessionIds, turnIds });
  const customer_sha256 = createHash("sha256").update(customerRef).digest("hex");
  return db.transaction(async (tx) => {
    // Turns that arrived while the batches ran are deleted here, with the sessions they belong to.
    const late = await deleteTurnBatch(tx, sessionIds, Number.MAX_SAFE_INTEGER);
    const turns = turnIds.length + late.length;
    await deleteIdempotencyOfSessions(tx, sessionIds);
    const tests = await forgetInAgentTests(tx, { agentIds, sessionIds, turnIds: [...turnIds, ...late] });
    const deletedProfiles = await deleteProfiles(tx, profileIds);
    const event = await appendLedgerEvent(tx, {
      type: "CUSTOMER_DELETED",
      actor: ctx.actor,
      agentId: null,
      requestId: ctx.requestId,
      payload: {
        customer_sha256,
        agent_ids: agentIds,
        profiles: deletedProfiles,
        sessions: sessionIds.length,
        turns,
        job_runs: jobRuns,
        tests,
      },
    });
    return {
      customer_sha256,
      profiles: deletedProfiles,
      sessions: sessionIds.length,
      turns,
      job_runs: jobRuns,
      tests,
      ledger_event_id: event.id,
    };
  });
}

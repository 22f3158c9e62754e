import "server-only";
import { existingSessionAndTurnIds } from "@/db/queries/job-run-redaction";
import type { DbOrTx } from "@/db/types";
import { dropMentions } from "@/lib/customers/drop-mentions";
import type { JobOutcome } from "./job-queue";

// Session and turn ids are UUIDs; a test case's recorded turn_id is free text and may be anything.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuids(ids: string[]): string[] {
  return [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
}

/**
 * The outcome as it may be stored: without the sessions and turns it read that were deleted while it
 * ran (a customer deletion or retention passed between the read and this write). Run inside the
 * transaction that writes the result: the rows it keeps stay locked until then, so a deletion either
 * sees this result (and cleans it, forget-in-job-runs.ts) or has already removed them here.
 */
export async function withoutDeletedReads(
  tx: DbOrTx,
  outcome: JobOutcome,
): Promise<Pick<JobOutcome, "result" | "summary">> {
  const { reads, ...stored } = outcome;
  if (!reads) return stored;
  const read = { sessionIds: uuids(reads.sessionIds), turnIds: uuids(reads.turnIds) };
  const existing = await existingSessionAndTurnIds(tx, read);
  const gone = new Set([...read.sessionIds, ...read.turnIds].filter((id) => !existing.has(id)));
  return gone.size === 0 ? stored : dropMentions(stored, gone);
}

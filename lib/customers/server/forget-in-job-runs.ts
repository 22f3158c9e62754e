import "server-only";
import { jobRunRecordsPage, redactPgBossJob, rewriteJobRunRecord } from "@/db/queries/job-run-redaction";
import type { Database } from "@/db/types";
import { dropMentions, type ForgetScope, forgottenIds, mentionsAny } from "@/lib/customers/drop-mentions";

// Replays and test runs are the jobs that read sessions; rollups and retention store counts only.
const SESSION_READING_KINDS = ["replay", "test_run"];
// Reports can hold thousands of turns each: 20 runs at a time keeps memory flat.
const PAGE = 20;

/**
 * Removes deleted sessions and turns from every stored replay and test run of these agents — the
 * request, the payload still waiting to run, the report, the summary, the error — and from pg-boss's
 * copy of each such job (see drop-mentions.ts for what is dropped). One transaction per run changed.
 * Returns how many runs changed. A run still running when this passes drops them itself when it
 * writes its report (finish-without-deleted.ts).
 */
export async function forgetInJobRuns(db: Database, scope: ForgetScope): Promise<number> {
  const ids = forgottenIds(scope);
  if (ids.size === 0) return 0;
  let changed = 0;
  let afterId: string | null = null;
  for (;;) {
    const page = await jobRunRecordsPage(db, {
      agentIds: scope.agentIds,
      kinds: SESSION_READING_KINDS,
      afterId,
      limit: PAGE,
    });
    for (const record of page) {
      if (!mentionsAny(record, ids)) continue;
      await db.transaction(async (tx) => {
        await rewriteJobRunRecord(tx, dropMentions(record, ids));
        await redactPgBossJob(tx, record.id);
      });
      changed += 1;
    }
    if (page.length < PAGE) return changed;
    afterId = page[page.length - 1]?.id ?? null;
  }
}

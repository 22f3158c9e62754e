import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import { recordKnowledgeSourceFetch, refreshableKnowledgeSources } from "@/db/queries/knowledge";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import { AppError } from "@/lib/server/errors";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { loggableError } from "@/lib/server/loggable-error";
import type { ConfigChangeRequest } from "@/lib/versioning/server/change-agent-config";
import type { SavePolicy } from "@/lib/versioning/server/save-policy";
import type { KnowledgeSourceRefreshed } from "../knowledge-schemas";
import { knowledgeSourceEntity } from "./knowledge-source-entity";
import { listKnowledgeSources } from "./knowledge-sources";
import { urlSourceContent } from "./url-source-content";

// Fetching a url source again (docs/knowledge.md#refresh): on demand (POST …/sources/{id}/refresh, the
// console's Refresh) or when due (the `knowledge.refresh` job). Text that differs from what the source
// holds is a config change like any other (a new version, CONFIG_CHANGED, the tests gate), attributed
// to whoever asked, the system for the job; the same text writes no version; a failure keeps the
// passages and is recorded in the source's fetch status, which GET and the console show.

/** At most this many sources a run of the job fetches (oldest due first); the rest wait for the next run. */
const SOURCES_PER_RUN = 20;
const HOUR_MS = 3_600_000;

async function summaryAfter(db: Database, agentKey: string, id: string, changed: boolean, refreshed: boolean) {
  const list = await listKnowledgeSources(db, agentKey);
  const source = list.sources.find((s) => s.id === id);
  if (!source) throw new AppError("NOT_FOUND", `The knowledge source "${id}" was deleted during its refresh.`);
  return { config_version: list.config_version, changed, refreshed, ...source };
}

/**
 * Fetches url source `id` again. `refreshed` false: the fetch failed (its reason in `fetch.error`, the
 * passages kept); `changed` true: the text differed and a new version holds it.
 */
export async function refreshKnowledgeSource(
  db: Database,
  request: ConfigChangeRequest,
  id: string,
): Promise<KnowledgeSourceRefreshed> {
  const { agent, bundle } = await readAgentConfig(db, request.agentKey);
  const source = bundle.knowledge_sources.find((s) => s.key === id);
  if (!source) throw new AppError("NOT_FOUND", `${agent.name} has no knowledge source "${id}".`);
  if (source.kind !== "url" || source.url === undefined) {
    const message = `"${source.title}" is a ${source.kind} source; only a url source is fetched again`;
    throw new AppError("VALIDATION", message, [{ path: "kind", message }]);
  }
  const attemptedAt = new Date();
  const failed = async (error: string) => {
    await recordKnowledgeSourceFetch(db, agent.id, id, { attemptedAt, status: "failed", error });
    return summaryAfter(db, request.agentKey, id, false, false);
  };
  let fetched: Awaited<ReturnType<typeof urlSourceContent>>;
  try {
    fetched = await urlSourceContent(source.url);
  } catch (error) {
    if (error instanceof AppError && error.issues?.[0]) return failed(error.issues[0].message);
    throw error;
  }
  const ok = {
    attemptedAt,
    fetchedAt: attemptedAt,
    status: "ok" as const,
    error: null,
    sitemapPages: fetched.sitemapPages,
  };
  // The same text, character for character: nothing to keep, so no version and no ledger event.
  if (fetched.markdown === source.content) {
    await recordKnowledgeSourceFetch(db, agent.id, id, ok);
    return summaryAfter(db, request.agentKey, id, false, true);
  }
  let outcome: Awaited<ReturnType<typeof knowledgeSourceEntity.outcomes.update>>;
  try {
    outcome = await knowledgeSourceEntity.outcomes.update(db, request, id, { ...source, content: fetched.markdown });
  } catch (error) {
    // Read, but not kept (the tests gate, a version moved on): the passages stay and the status says why.
    if (error instanceof AppError) {
      await recordKnowledgeSourceFetch(db, agent.id, id, { attemptedAt, status: "failed", error: error.message });
    }
    throw error;
  }
  await recordKnowledgeSourceFetch(db, agent.id, id, ok);
  return summaryAfter(db, request.agentKey, id, outcome.changed, true);
}

/** Whether a source with this interval and last attempt is due at `now` (never fetched: due). */
function refreshDue(refreshHours: number, attemptedAt: Date | null, now: Date): boolean {
  return attemptedAt === null || attemptedAt.getTime() + refreshHours * HOUR_MS <= now.getTime();
}

/**
 * The `knowledge.refresh` job: every url source whose interval has passed since its last attempt,
 * oldest first, at most 20 a run, each fetched and written as the system. One source's failure is
 * recorded on it and the run goes on.
 */
export async function refreshDueKnowledgeSources(db: Database, policies: readonly SavePolicy[], now = new Date()) {
  const due = (await refreshableKnowledgeSources(db))
    .filter((row) => refreshDue(row.refreshHours, row.attemptedAt, now))
    .sort((a, b) => (a.attemptedAt?.getTime() ?? 0) - (b.attemptedAt?.getTime() ?? 0));
  const result = { due: due.length, changed: 0, unchanged: 0, failed: 0 };
  for (const row of due.slice(0, SOURCES_PER_RUN)) {
    const request: ConfigChangeRequest = {
      agentKey: row.agentKey,
      expectedVersion: null,
      actor: SYSTEM_ACTOR,
      requestId: `knowledge.refresh:${row.agentKey}:${row.sourceKey}`,
      policies,
    };
    try {
      const refreshed = await refreshKnowledgeSource(db, request, row.sourceKey);
      if (!refreshed.refreshed) result.failed++;
      else if (refreshed.changed) result.changed++;
      else result.unchanged++;
    } catch (error) {
      result.failed++;
      if (!(error instanceof AppError)) {
        console.error("[jobs] knowledge.refresh", loggableError(error));
        const agent = await getAgentByKey(db, row.agentKey);
        const message = `The refresh failed on the server (${(error as Error).name})`;
        if (agent)
          await recordKnowledgeSourceFetch(db, agent.id, row.sourceKey, {
            attemptedAt: now,
            status: "failed",
            error: message,
          });
      }
    }
  }
  return result;
}

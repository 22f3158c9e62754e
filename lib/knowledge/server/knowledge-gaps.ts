import "server-only";
import { abstainedTurns } from "@/db/queries/knowledge-gaps";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import { searchKnowledge } from "@/lib/engine/knowledge/compiled-knowledge";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { AppError } from "@/lib/server/errors";
import { getCompiledAgent } from "@/lib/turns/server/load-snapshot";
import type { ConfigChangeRequest } from "@/lib/versioning/server/change-agent-config";
import { GAP_ANSWERS_TITLE, type KnowledgeGaps, type KnowledgeGapsQuery } from "../knowledge-gap-schemas";
import { groupGaps } from "../knowledge-gaps";
import type { KnowledgeSourceWritten } from "../knowledge-schemas";
import { createKnowledgeSource, replaceKnowledgeSource } from "./knowledge-sources";

// The Gaps view (docs/knowledge.md#gaps): what customers asked that the agent's knowledge did not answer.

/**
 * Abstained turns grouped per read, newest first. Grouping is in memory; 5,000 turns group in a few
 * milliseconds, and an agent abstaining more often than that in its window has one gap to fix first.
 */
const GAPS_MAX_TURNS = 5_000;
const DAY_MS = 86_400_000;

/**
 * The agent's gaps over the last `days`, most asked first. A group is marked answered in the latest
 * version when that version's knowledge answers its question (the search a first message gets, over the
 * sources every conversation sees: an abstention happens only outside scenarios) and all its turns ran
 * at earlier versions; a later abstention on it keeps it a gap.
 */
export async function loadKnowledgeGaps(
  db: Database,
  agentKey: string,
  query: KnowledgeGapsQuery,
  now = new Date(),
): Promise<KnowledgeGaps> {
  const agent = await requireAgent(db, agentKey);
  const rows = await abstainedTurns(db, agent.id, new Date(now.getTime() - query.days * DAY_MS), GAPS_MAX_TURNS);
  const channels = new Map(rows.map((row) => [row.turnId, row.channel]));
  const groups = groupGaps(rows).slice(0, query.limit);
  const stale = groups.some((group) => group.lastVersion < agent.configVersion);
  const knowledge = stale ? (await getCompiledAgent(db, agent, hostPorts().embedder)).knowledge : null;

  async function answeredIn(question: string, lastVersion: number): Promise<number | null> {
    if (!knowledge || lastVersion >= agent.configVersion) return null;
    const found = await searchKnowledge(
      knowledge,
      [{ role: "customer", text: question }],
      1,
      (s) => s.scope === "GLOBAL",
    );
    return found.verdict.answerable ? agent.configVersion : null;
  }

  return {
    config_version: agent.configVersion,
    days: query.days,
    turns: rows.length,
    groups: await Promise.all(
      groups.map(async (group) => ({
        question: group.question,
        count: group.count,
        last_seen: group.lastSeen.toISOString(),
        examples: group.examples.map((turn) => ({
          session_id: turn.sessionId,
          turn_id: turn.turnId,
          text: turn.text,
          channel: channels.get(turn.turnId) ?? "api",
        })),
        answered_in_version: await answeredIn(group.question, group.lastVersion),
      })),
    ),
  };
}

/**
 * Adds `{question, answer}` to an FAQ source of the agent, or to a new one titled "Answers from gaps":
 * one config change through the knowledge source's write path (a new version, CONFIG_CHANGED, the
 * tests gate, the loaded version checked). A target that is not an FAQ source is refused on `target`.
 */
export async function addGapAnswer(
  db: Database,
  request: ConfigChangeRequest,
  entry: { question: string; answer: string; target: string | null },
): Promise<KnowledgeSourceWritten> {
  const added = { question: entry.question, answer: entry.answer, section: "" };
  if (entry.target === null) {
    return createKnowledgeSource(db, request, {
      title: GAP_ANSWERS_TITLE,
      kind: "faq",
      content: "",
      entries: [added],
      scope: "GLOBAL",
      scope_ref: null,
    });
  }
  const { bundle } = await readAgentConfig(db, request.agentKey);
  const source = bundle.knowledge_sources.find((s) => s.key === entry.target);
  if (source?.kind !== "faq") {
    throw new AppError("VALIDATION", "Pick one of the agent's FAQ sources, or a new one; nothing was saved.", [
      { path: "target", message: source ? `${source.title} is not an FAQ source` : "No such knowledge source" },
    ]);
  }
  const grown = BundleKnowledgeSource.safeParse({ ...source, entries: [...source.entries, added] });
  if (!grown.success) {
    // The one way a valid source fails with one entry more: it already holds the most entries a source may.
    throw new AppError("VALIDATION", `${source.title} is full; nothing was saved.`, [
      { path: "target", message: `${source.title} holds the most entries an FAQ source may; pick another` },
    ]);
  }
  return replaceKnowledgeSource(db, request, source.key, grown.data);
}

import "server-only";
import { lockAgentByKey } from "@/db/queries/agents";
import { listConfigEvents } from "@/db/queries/config-history";
import type { AgentRow, Transaction } from "@/db/types";
import { reachable } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import { summarizeConfigEvent } from "@/lib/versioning/config-change-payload";

// Name at most 5 changes in a conflict message; more than that and "reload" is the whole advice.
const CONFLICT_EVENTS_SHOWN = 5;

/**
 * Locks the agent row for the rest of the transaction (saves of one agent run one after the other)
 * and checks that its config_version is the one the editor loaded (null: any, a REST write without
 * If-Match). If it moved on, throws `stale` (an editor's CONFLICT, REST's PRECONDITION_FAILED) naming
 * what changed since and the version now, so nothing of this save is written (optimistic concurrency).
 */
export async function lockAgentAtVersion(
  tx: Transaction,
  agentKey: string,
  expectedVersion: number | null,
  stale: "CONFLICT" | "PRECONDITION_FAILED" = "CONFLICT",
): Promise<AgentRow> {
  const agent = reachable(await lockAgentByKey(tx, agentKey));
  if (!agent) throw new AppError("NOT_FOUND", `No agent with key "${agentKey}".`);
  if (expectedVersion !== null && agent.configVersion !== expectedVersion) {
    throw new AppError(stale, await conflictMessage(tx, agent, expectedVersion), undefined, {
      config_version: agent.configVersion,
    });
  }
  return agent;
}

async function conflictMessage(tx: Transaction, agent: AgentRow, expected: number): Promise<string> {
  const head = `${agent.name} is at v${agent.configVersion}, but you loaded v${expected}.`;
  const tail = "Nothing was saved; reload to see the latest version (your edits stay in the form).";
  if (expected > agent.configVersion) return `${head} ${tail}`;
  const { events } = await listConfigEvents(tx, agent.id, { limit: CONFLICT_EVENTS_SHOWN + 1 });
  const since = events
    .map((event) => ({ event, ...summarizeConfigEvent(event.type, event.payload) }))
    .filter(({ version }) => version !== null && version > expected);
  if (since.length === 0) return `${head} ${tail}`;
  const lines = since
    .slice(0, CONFLICT_EVENTS_SHOWN)
    .map(({ event, version, summary }) => `v${version}: ${event.actor} ${summary}`);
  const more = since.length > CONFLICT_EVENTS_SHOWN ? "; and earlier changes" : "";
  return `${head} Since then: ${lines.join("; ")}${more}. ${tail}`;
}

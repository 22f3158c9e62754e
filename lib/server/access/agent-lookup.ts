import "server-only";
import { getAgentById, getAgentByKey } from "@/db/queries/agents";
import { getSession } from "@/db/queries/conversations";
import type { AgentRow, DbOrTx, SessionRow } from "@/db/types";
import { AppError } from "../errors";
import { reachable } from "./agent-access";

/**
 * The one lookup of an agent named in a request (a route, an action, a loader): unknown and out-of-grant
 * agents answer the same NOT_FOUND (404), so a key outside the grant cannot be told from one that does
 * not exist. Pages turn it into the not-found page (`orNotFound`, agent-page.ts).
 */
export async function requireAgent(db: DbOrTx, key: string): Promise<AgentRow> {
  const agent = reachable(await getAgentByKey(db, key));
  if (!agent) throw new AppError("NOT_FOUND", `No agent with key "${key}".`);
  return agent;
}

/** The agent a stored row (a session, a run) belongs to, or null when it is gone or out of reach. */
async function reachableAgentById(db: DbOrTx, id: string | null | undefined): Promise<AgentRow | null> {
  return id ? reachable(await getAgentById(db, id)) : null;
}

/**
 * A session named in a request, with its agent; unknown and out-of-grant sessions answer the same 404.
 */
export async function sessionOr404(db: DbOrTx, id: string): Promise<{ session: SessionRow; agent: AgentRow }> {
  const session = await getSession(db, id);
  const agent = session ? await reachableAgentById(db, session.agentId) : null;
  if (!session || !agent) throw new AppError("NOT_FOUND", `No session with id ${id}.`);
  return { session, agent };
}

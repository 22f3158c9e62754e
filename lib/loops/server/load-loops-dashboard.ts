import "server-only";
import { listAgents } from "@/db/queries/agents";
import { listLoops, loopDashboardStats } from "@/db/queries/loops";
import type { DbOrTx } from "@/db/types";
import { decodeLoopCursor, encodeLoopCursor, type LoopSearch, loopFilterOf } from "@/lib/loops/loop-filters";
import { loopViews } from "./loop-views";

// An agent key that names no agent filters to nothing (not to everything): this id is never issued.
const NO_SUCH_AGENT = "00000000-0000-0000-0000-000000000000";

/**
 * The Loops dashboard: one page of loops (newest first) and the aggregates over the same filters,
 * over the agents the viewer reaches (null: every agent).
 */
export async function loadLoopsDashboard(db: DbOrTx, search: LoopSearch, reach: string[] | null) {
  const agents = (await listAgents(db)).filter((a) => !reach || reach.includes(a.id));
  const agentId = search.agent ? (agents.find((a) => a.key === search.agent)?.id ?? NO_SUCH_AGENT) : undefined;
  const filter = { ...loopFilterOf(search, agentId), ...(reach ? { agentIds: reach } : {}) };
  const [page, stats] = await Promise.all([
    listLoops(db, filter, decodeLoopCursor(search.cursor)),
    loopDashboardStats(db, filter),
  ]);
  return {
    loops: await loopViews(db, page.loops),
    nextCursor: page.next ? encodeLoopCursor(page.next) : undefined,
    stats,
    agents: agents.map((a) => ({ key: a.key, name: a.name })),
  };
}

import "server-only";
import { listHandoffRows } from "@/db/queries/handoffs";
import { decodeTraceCursor, encodeTraceCursor } from "@/db/queries/trace-cursor";
import type { Database } from "@/db/types";
import { reachableAgentIds } from "@/lib/server/access/agent-access";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import type { HANDOFF_STATES } from "../handoff-schemas";
import { handoffView } from "./handoff-view";

/**
 * GET /handoffs: oldest request first (the order they should be answered in), only of agents within the
 * request's grant; `agent` out of the grant answers 404 like an unknown one.
 */
export async function listHandoffs(
  db: Database,
  query: { state?: (typeof HANDOFF_STATES)[number]; agent?: string; cursor?: string; limit: number },
) {
  const after = query.cursor === undefined ? undefined : decodeTraceCursor(query.cursor);
  if (query.cursor !== undefined && !after) {
    throw new AppError(
      "BAD_REQUEST",
      "cursor is not a position in this list (it may have been cut); open the first page.",
    );
  }
  const agentIds = query.agent ? [(await requireAgent(db, query.agent)).id] : reachableAgentIds();
  // One row more than the page says whether another page follows.
  const rows = await listHandoffRows(db, { state: query.state, agentIds, after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    handoffs: page.map((row) => handoffView(row, row.agentKey)),
    next_cursor:
      rows.length > query.limit && last ? encodeTraceCursor({ createdAt: last.requestedAtText, id: last.id }) : null,
  };
}

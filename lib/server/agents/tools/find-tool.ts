import "server-only";
import { and, eq } from "drizzle-orm";
import { type AgentRow, tools } from "@/db/schema";
import type { Transaction } from "@/db/types";
import type { Bundle, BundleTool } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";

/** The tool with this key, both as its row id and in bundle form; NOT_FOUND otherwise. */
export async function findTool(
  tx: Transaction,
  agent: AgentRow,
  bundle: Bundle,
  key: string,
): Promise<{ id: string; tool: BundleTool }> {
  const tool = bundle.tools.find((t) => t.key === key);
  const [row] = await tx
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.agentId, agent.id), eq(tools.key, key)));
  if (!tool || !row) throw new AppError("NOT_FOUND", `${agent.name} has no tool "${key}"; reload the tools.`);
  return { id: row.id, tool };
}

import "server-only";
import { toolIdByKey } from "@/db/queries/tools";
import type { AgentRow, Transaction } from "@/db/types";
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
  const id = await toolIdByKey(tx, agent.id, key);
  if (!tool || !id) throw new AppError("NOT_FOUND", `${agent.name} has no tool "${key}"; reload the tools.`);
  return { id, tool };
}

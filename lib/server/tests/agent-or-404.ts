import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import type { AgentRow, DbOrTx } from "@/db/types";
import { AppError } from "../errors";

export async function agentOr404(db: DbOrTx, key: string): Promise<AgentRow> {
  const agent = await getAgentByKey(db, key);
  if (!agent) throw new AppError("NOT_FOUND", `No agent with key ${key}.`);
  return agent;
}

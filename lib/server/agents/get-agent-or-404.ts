import "server-only";
import { notFound } from "next/navigation";
import { getAgentByKey } from "@/db/queries/agents";
import type { DbOrTx } from "@/db/types";

/** Agent pages: an unknown key renders the not-found page. */
export async function getAgentOr404(db: DbOrTx, key: string) {
  const agent = await getAgentByKey(db, decodeURIComponent(key));
  if (!agent) notFound();
  return agent;
}

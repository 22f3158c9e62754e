import "server-only";
import { listScenariosWithSteps } from "@/db/queries/agent-config";
import { getAgentByKey } from "@/db/queries/agents";
import type { DbOrTx } from "@/db/types";
import { checkRouting } from "@/lib/engine/routing-check/check-routing";
import type { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { reachable } from "@/lib/server/access/agent-access";
import { hostPorts } from "../engine-host/host-ports";
import { AppError } from "../errors";

/**
 * "Check routing" on an agent's saved scenarios, through the embedder turns use (hostPorts): the REST
 * route, the Scenarios page and `focal test` all call this. Reads only.
 */
export async function checkAgentRouting(db: DbOrTx, key: string): Promise<RoutingCheckReport> {
  const agent = reachable(await getAgentByKey(db, key));
  if (!agent) throw new AppError("NOT_FOUND", `No agent with key ${key}.`);
  const scenarios = await listScenariosWithSteps(db, agent.id);
  return checkRouting(scenarios, hostPorts().embedder);
}

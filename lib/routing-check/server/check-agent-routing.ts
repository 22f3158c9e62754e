import "server-only";
import { listScenariosWithSteps } from "@/db/queries/agent-config";
import type { DbOrTx } from "@/db/types";
import { checkRouting } from "@/lib/engine/routing-check/check-routing";
import type { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";

/**
 * "Check routing" on an agent's saved scenarios, through the embedder turns use (hostPorts): the REST
 * route, the Scenarios page and `focal test` all call this. Reads only.
 */
export async function checkAgentRouting(db: DbOrTx, key: string): Promise<RoutingCheckReport> {
  const agent = await requireAgent(db, key);
  const scenarios = await listScenariosWithSteps(db, agent.id);
  return checkRouting(scenarios, hostPorts().embedder);
}

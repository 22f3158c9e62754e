import "server-only";
import { getEnvironment } from "@/db/queries/environments";
import type { AgentRow, DbOrTx } from "@/db/types";
import { PRODUCTION } from "../environment-schemas";
import type { ProductionServes } from "../production-serves";
import { servedVersion } from "./environment-views";

/**
 * Production's version for new sessions — a split's arms, its pin, or the latest while never pinned —
 * and the latest saved version: the dashboard shows the first and, when it differs, the second.
 */
export async function productionServes(db: DbOrTx, agent: AgentRow): Promise<ProductionServes> {
  const row = await getEnvironment(db, agent.id, PRODUCTION);
  const arms = row?.splitArms ?? [];
  if (arms.length > 0) {
    return {
      how: "split",
      versions: arms.map((arm) => arm.config_version),
      percents: arms.map((arm) => arm.percent),
      latest: agent.configVersion,
    };
  }
  return {
    how: row?.pinnedVersion ? "pinned" : "latest",
    versions: [servedVersion(row, agent)],
    percents: null,
    latest: agent.configVersion,
  };
}

import "server-only";
import { resolutionByConfigVersion } from "@/db/queries/reviews";
import type { DbOrTx } from "@/db/types";

export interface ResolutionRate {
  config_version: number;
  reviewed: number;
  resolved: number;
  /** resolved / reviewed, 0 to 1. */
  rate: number;
}

/** The dashboard's resolution rate: resolved of reviewed sessions, per config version of their last turn. */
export async function loadResolutionRates(db: DbOrTx, agentId: string): Promise<ResolutionRate[]> {
  const rows = await resolutionByConfigVersion(db, agentId);
  return rows.map((row) => ({
    config_version: row.configVersion,
    reviewed: row.reviewed,
    resolved: row.resolved,
    rate: row.reviewed === 0 ? 0 : row.resolved / row.reviewed,
  }));
}

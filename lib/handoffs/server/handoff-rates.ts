import "server-only";
import { handoffsByConfigVersion } from "@/db/queries/handoff-rates";
import type { DbOrTx } from "@/db/types";

export interface HandoffRate {
  config_version: number;
  /** Sessions with a turn the agent ran on this version, in the window. */
  sessions: number;
  /** Of those, the ones a turn on this version handed to a person. */
  handed_off: number;
  /** handed_off / sessions, 0 to 1. */
  rate: number;
}

// The newest 10 versions: the card compares recent changes; older ones are in the traces.
const VERSIONS_SHOWN = 10;

/**
 * The dashboard's handoff rate (docs/handoffs.md#the-handoff-rate): sessions a turn handed to a person
 * of the sessions the agent answered, per config version, over the dashboard's window.
 */
export async function loadHandoffRates(db: DbOrTx, agentId: string, since: Date): Promise<HandoffRate[]> {
  const rows = await handoffsByConfigVersion(db, agentId, since, VERSIONS_SHOWN);
  return rows
    .filter((row) => row.sessions > 0)
    .map((row) => ({
      config_version: row.configVersion,
      sessions: row.sessions,
      handed_off: row.handedOff,
      rate: row.handedOff / row.sessions,
    }));
}

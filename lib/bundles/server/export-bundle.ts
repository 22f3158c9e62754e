import "server-only";
import type { Database } from "@/db/types";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { readAgentConfig } from "./read-agent-config";

export { serializeBundle } from "../serialize-bundle";

/** The agent's whole configuration as a canonical bundle, read as one (readAgentConfig); serializeBundle turns it into the file. */
export async function exportBundle(db: Database, key: string): Promise<Bundle> {
  return (await readAgentConfig(db, key)).bundle;
}

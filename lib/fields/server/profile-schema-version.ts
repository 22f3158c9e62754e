import "server-only";
import { setAgentProfileSchemaVersion } from "@/db/queries/agents";
import type { AgentRow, Transaction } from "@/db/types";

/**
 * "When ContextExtractor runs, it uses the field definitions from the current agent
 * config. If definitions change, bump version." Every created, edited or deleted profile field is a
 * change of the definitions — a description or an extraction hint changes what the sensor extracts
 * too — so each such save bumps profile_schema_version by one, the rule bundle import follows
 * (import-bundle.ts: any profile_fields diff). Called inside changeAgentConfig's transaction, after
 * its row lock, so the bump commits or rolls back with the field and the config_version. A save that
 * changes nothing never gets here. Response variables are not part of the profile: no bump.
 */
export async function bumpProfileSchemaVersion(tx: Transaction, agent: AgentRow): Promise<number> {
  const next = agent.profileSchemaVersion + 1;
  await setAgentProfileSchemaVersion(tx, agent.id, next);
  return next;
}

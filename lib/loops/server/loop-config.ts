import "server-only";
import { getAgentById } from "@/db/queries/agents";
import type { DbOrTx } from "@/db/types";
import { type AgentSettings, resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { type GuardrailConfig, turnLoopConfig } from "@/lib/engine/loops";

/** The agent's settings with every omitted key at its default; the defaults for no agent. */
export async function agentSettingsOf(db: DbOrTx, agentId: string | null): Promise<AgentSettings> {
  const agent = agentId ? await getAgentById(db, agentId) : null;
  return resolveAgentSettings(agent?.settings ?? {});
}

/**
 * The RERUN_CONFIG / FATIGUE_CONFIG a loop is judged with. A turn's own loop reruns at most
 * enforcement.max_retries times (docs/loops.md#rerun-limits); an external loop takes the agent's max_reruns (3).
 */
export function guardrailConfigOf(settings: AgentSettings, kind: "external" | "turn"): GuardrailConfig {
  return kind === "turn" ? turnLoopConfig(settings) : { rerun: settings.rerun, fatigue: settings.fatigue };
}

export async function guardrailConfigFor(
  db: DbOrTx,
  agentId: string | null,
  kind: "external" | "turn",
): Promise<GuardrailConfig> {
  return guardrailConfigOf(await agentSettingsOf(db, agentId), kind);
}

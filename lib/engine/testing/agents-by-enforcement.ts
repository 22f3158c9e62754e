import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { type AgentSettingsInput, resolveAgentSettings } from "../contracts/agent-settings";
import type { Embedder } from "../ports";
import { snapshotFromBundle } from "./snapshot-from-bundle";

type Enforcement = AgentSettingsInput["enforcement"];

/**
 * One bundle compiled once per `enforcement` settings: tests that vary only how lane 1 decides share
 * each compilation (compiling embeds every rule and example, ~100 ms for the demo).
 */
export function agentsByEnforcement(
  bundle: unknown,
  embedder: Embedder,
): (enforcement?: Enforcement) => Promise<CompiledAgent> {
  const agents = new Map<string, Promise<CompiledAgent>>();
  return (enforcement = {}) => {
    const key = JSON.stringify(enforcement);
    const known = agents.get(key);
    if (known) return known;
    const snapshot = snapshotFromBundle(bundle);
    const agent = compileAgent(
      { ...snapshot, settings: resolveAgentSettings({ ...snapshot.settings, enforcement }) },
      embedder,
    );
    agents.set(key, agent);
    return agent;
  };
}

import "server-only";
import {
  listFieldsAndVariables,
  listKnowledgeSources,
  listRules,
  listScenariosWithSteps,
  listTools,
} from "@/db/queries/agent-config";
import { getConfigVersion } from "@/db/queries/replay";
import type { AgentRow, DbOrTx } from "@/db/types";
import { engineMoneyOf } from "@/lib/bundles/variable-money";
import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { AgentSnapshot, EngineResponseVariable } from "@/lib/engine/contracts/snapshot";
import type { Embedder } from "@/lib/engine/ports";
import { engineKnowledgeOf } from "@/lib/knowledge/engine-knowledge";
import { largeKnowledgeStore } from "@/lib/knowledge/server/knowledge-store/version-knowledge-store";

/** The engine's view of an agent at its current config_version, read from the database. */
export async function loadAgentSnapshot(db: DbOrTx, agent: AgentRow): Promise<AgentSnapshot> {
  const [rules, scenarios, tools, { fields, variables }, knowledge] = await Promise.all([
    listRules(db, agent.id),
    listScenariosWithSteps(db, agent.id),
    listTools(db, agent.id),
    listFieldsAndVariables(db, agent.id),
    listKnowledgeSources(db, agent.id),
  ]);
  return {
    agentId: agent.id,
    key: agent.key,
    name: agent.name,
    description: agent.description,
    configVersion: agent.configVersion,
    settings: resolveAgentSettings(agent.settings),
    rules: rules.map((r) => ({
      id: r.id,
      key: r.key,
      name: r.name,
      conditionText: r.conditionText,
      actionText: r.actionText,
      scope: r.scope,
      scopeId: r.scopeId,
      priority: r.priority,
      enabled: r.enabled,
      isHardConstraint: r.isHardConstraint,
      enforcementExpression: r.enforcementExpression,
      enforcementLane: r.enforcementLane,
      onViolation: r.onViolation,
      attachedToolIds: r.attachedToolIds,
      maxFiresPerSession: r.maxFiresPerSession,
      cooldownTurns: r.cooldownTurns,
    })),
    scenarios: scenarios.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      description: s.description,
      intentLabel: s.intentLabel,
      entryExamples: s.entryExamples,
      entryStepId: s.entryStepId,
      enabled: s.enabled,
      steps: s.steps.map((st) => ({
        id: st.id,
        key: st.key,
        name: st.name,
        instructions: st.instructions,
        clarificationHint: st.clarificationHint,
        isTerminal: st.isTerminal,
      })),
      transitions: s.transitions.map((t) => ({
        id: t.id,
        fromStepId: t.fromStepId,
        toStepId: t.toStepId,
        conditionText: t.conditionText,
        examples: t.examples,
      })),
    })),
    tools: tools.map((t) => ({
      id: t.id,
      key: t.key,
      name: t.name,
      description: t.description,
      kind: t.kind,
      inputSchema: t.inputSchema,
      output: t.output,
      ...(t.requiresApproval ? { requiresApproval: true } : {}),
    })),
    profileFields: fields.map((f) => ({
      fieldName: f.fieldName,
      displayName: f.displayName,
      description: f.description,
      fieldType: f.fieldType,
      validationRules: f.validationRules,
      extractionHints: f.extractionHints,
    })),
    responseVariables: variables.map((v) => ({
      name: v.name,
      type: v.type as EngineResponseVariable["type"],
      description: v.description,
      patterns: v.patterns,
      ...engineMoneyOf(v.money),
      ...(v.phrases ? { phrases: v.phrases } : {}),
    })),
    knowledge: engineKnowledgeOf(knowledge, scenarios),
  };
}

// Compiled agents per (agent, config_version): a config change is a new version, so entries never go
// stale; 32 versions cover every agent an instance serves at once.
const CACHE_LIMIT = 32;
declare global {
  var __focalCompiled: Map<string, Promise<CompiledAgent>> | undefined;
}
const slot = globalThis;

/**
 * The agent compiled at `version` (default: its latest). An earlier version comes from its kept copy
 * (docs/environments.md: a session pinned to it runs there while the draft moves on). A large knowledge
 * base is searched in the database through `db` (docs/knowledge.md#large-knowledge-bases).
 */
export function getCompiledAgent(
  db: DbOrTx,
  agent: AgentRow,
  embedder: Embedder,
  version = agent.configVersion,
): Promise<CompiledAgent> {
  slot.__focalCompiled ??= new Map();
  const cache = slot.__focalCompiled;
  const key = `${agent.id}@${version}#${embedder.name}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = snapshotAt(db, agent, version).then(async (snapshot) =>
      compileAgent(snapshot, embedder, await largeKnowledgeStore(db, agent.id, version, snapshot, embedder)),
    );
    compiled.catch(() => cache.delete(key));
    cache.set(key, compiled);
    while (cache.size > CACHE_LIMIT) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  } else {
    // Refresh recency.
    cache.delete(key);
    cache.set(key, compiled);
  }
  return compiled;
}

async function snapshotAt(db: DbOrTx, agent: AgentRow, version: number): Promise<AgentSnapshot> {
  if (version === agent.configVersion) return loadAgentSnapshot(db, agent);
  const kept = await getConfigVersion(db, agent.id, version);
  if (!kept) throw new Error(`agent ${agent.key} has no kept config version ${version}`);
  return kept as AgentSnapshot;
}

import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import type { EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";

interface ScenarioIds {
  id: string;
  key: string;
  steps: { id: string; key: string }[];
}

/**
 * The engine's view of the agent's knowledge sources: scope refs (keys) become the scenario and step
 * ids the engine scopes by, as rules' do. A ref that names nothing (checked on every save, so only a
 * hand-edited row) leaves the source out rather than widening it to GLOBAL.
 */
export function engineKnowledgeOf(
  sources: readonly BundleKnowledgeSource[],
  scenarios: readonly ScenarioIds[],
): EngineKnowledgeSource[] {
  const scenarioIds = new Map(scenarios.map((s) => [s.key, s.id]));
  const stepIds = new Map(scenarios.flatMap((s) => s.steps.map((step) => [`${s.key}/${step.key}`, step.id])));
  return sources.flatMap((source) => {
    const scopeId =
      source.scope === "GLOBAL"
        ? null
        : ((source.scope === "SCENARIO" ? scenarioIds : stepIds).get(source.scope_ref ?? "") ?? undefined);
    if (scopeId === undefined) return [];
    return [
      {
        // The key: unique in the agent and kept across versions, so a citation names the same source in every one.
        id: source.key,
        key: source.key,
        title: source.title,
        kind: source.kind,
        content: source.content,
        entries: source.entries.map((e) => ({ question: e.question, answer: e.answer, section: e.section })),
        scope: source.scope,
        scopeId,
        ...(source.url === undefined ? {} : { url: source.url }),
      },
    ];
  });
}

import { resolveAgentSettings } from "../contracts/agent-settings";
import { Bundle, type BundleInput, type BundleRule } from "../contracts/bundle";
import type { AgentSnapshot, EngineRule, EngineScenario } from "../contracts/snapshot";

const stepId = (scenario: string, step: string) => `step:${scenario}/${step}`;

function scopeIdOf(scope: string, ref: string | null): string | null {
  if (!ref) return null;
  if (scope === "SCENARIO") return `scenario:${ref}`;
  const [scenario, step] = ref.split("/");
  return stepId(scenario ?? "", step ?? "");
}

/** One bundle rule as the engine sees it, with the readable ids below. */
export function engineRuleFromBundle(r: BundleRule): EngineRule {
  return {
    id: `rule:${r.key}`,
    key: r.key,
    name: r.name,
    conditionText: r.condition_text,
    actionText: r.action_text,
    scope: r.scope,
    scopeId: scopeIdOf(r.scope, r.scope_ref),
    priority: r.priority,
    enabled: r.enabled,
    isHardConstraint: r.is_hard_constraint,
    enforcementExpression: r.enforcement_expression,
    enforcementLane: r.enforcement_lane,
    onViolation: r.on_violation,
    attachedToolIds: r.attached_tools.map((key) => `tool:${key}`),
    maxFiresPerSession: r.max_fires_per_session,
    cooldownTurns: r.cooldown_turns,
  };
}

/**
 * An engine snapshot straight from a bundle, with readable ids (`rule:max-refund`,
 * `step:refund/verify`): tests, the benchmark and fixtures run the engine without a database.
 */
export function snapshotFromBundle(input: BundleInput | unknown, configVersion = 1): AgentSnapshot {
  const bundle = Bundle.parse(input);
  const scenarios: EngineScenario[] = bundle.scenarios.map((s) => ({
    id: `scenario:${s.key}`,
    key: s.key,
    name: s.name,
    description: s.description ?? "",
    intentLabel: s.intent_label ?? "",
    entryExamples: s.entry_examples ?? [],
    entryStepId: s.entry_step ? stepId(s.key, s.entry_step) : null,
    enabled: s.enabled,
    steps: s.steps.map((step) => ({
      id: stepId(s.key, step.key),
      key: step.key,
      name: step.name,
      instructions: step.instructions ?? "",
      clarificationHint: step.clarification_hint ?? "",
      isTerminal: step.is_terminal,
    })),
    transitions: s.transitions.map((t, i) => ({
      id: `transition:${s.key}/${i}`,
      fromStepId: stepId(s.key, t.from),
      toStepId: stepId(s.key, t.to),
      conditionText: t.condition_text ?? "",
      examples: t.examples ?? [],
    })),
  }));
  return {
    agentId: `agent:${bundle.agent.key}`,
    key: bundle.agent.key,
    name: bundle.agent.name,
    description: bundle.agent.description ?? "",
    configVersion,
    settings: resolveAgentSettings(bundle.agent.settings ?? {}),
    rules: bundle.rules.map(engineRuleFromBundle),
    scenarios,
    tools: bundle.tools.map((t) => ({
      id: `tool:${t.key}`,
      key: t.key,
      name: t.name,
      description: t.description ?? "",
      kind: t.kind,
      inputSchema: t.input_schema as Record<string, unknown>,
      output: t.output as Record<string, unknown>,
      ...(t.requires_approval ? { requiresApproval: true } : {}),
    })),
    profileFields: bundle.profile_fields.map((f) => ({
      fieldName: f.field_name,
      displayName: f.display_name,
      description: f.description ?? "",
      fieldType: f.field_type,
      validationRules: f.validation_rules,
      extractionHints: f.extraction_hints,
    })),
    responseVariables: bundle.variables.map((v) => ({
      name: v.name,
      type: v.type,
      description: v.description ?? "",
      patterns: v.patterns,
      ...(v.type === "money"
        ? {
            money: {
              currency: v.currency ?? "USD",
              contextWords: v.context_words ?? [],
              ...(v.limit_words?.length ? { limitWords: v.limit_words } : {}),
              rates: v.rates ?? {},
            },
          }
        : {}),
      ...(v.type === "phrases" ? { phrases: v.phrases ?? [] } : {}),
    })),
    knowledge: bundle.knowledge_sources.map((k) => ({
      id: k.key,
      key: k.key,
      title: k.title,
      kind: k.kind,
      content: k.content,
      entries: k.entries,
      scope: k.scope,
      scopeId: scopeIdOf(k.scope, k.scope_ref),
    })),
  };
}

/**
 * The same snapshot with the local sensor never deciding (`sensor.local_confidence` 1): every turn
 * makes the model sensor call, for tests that script what the model sensor says.
 */
export function withModelSensor(snapshot: AgentSnapshot): AgentSnapshot {
  return {
    ...snapshot,
    settings: { ...snapshot.settings, sensor: { ...snapshot.settings.sensor, local_confidence: 1 } },
  };
}

import { readAgentConfigRows } from "@/db/queries/agent-config";
import type { AgentRow, DbOrTx } from "@/db/types";
import { moneyFieldsOf } from "@/lib/bundles/variable-money";
import { phrasesFieldOf } from "@/lib/bundles/variable-phrases";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { issuesFromZodError } from "@/lib/engine/contracts/bundle-issue";
import { AppError } from "@/lib/server/errors";
import { canonicalBundle } from "../serialize-bundle";

function storedConfigError(agent: AgentRow, detail: string, issues?: { path: string; message: string }[]): AppError {
  return new AppError(
    "CONFLICT",
    `The stored configuration of agent "${agent.key}" does not form a valid bundle (${detail}); fix it in the editor or re-import a bundle.`,
    issues,
  );
}

/** An agent's configuration as a canonical bundle: ids become keys again. */
export async function readAgentBundle(db: DbOrTx, agent: AgentRow): Promise<Bundle> {
  const { fields, variables, knowledge, tools, scenarios, steps, transitions, rules, tests } =
    await readAgentConfigRows(db, agent.id);

  const toolKeys = new Map(tools.map((t) => [t.id, t.key]));
  const scenarioKeys = new Map(scenarios.map((s) => [s.id, s.key]));
  const stepsById = new Map(steps.map((step) => [step.id, step]));
  const stepRef = (id: string | null) => {
    const step = id ? stepsById.get(id) : undefined;
    return step ? `${scenarioKeys.get(step.scenarioId)}/${step.key}` : null;
  };

  const raw = {
    focal_bundle: 1,
    agent: { key: agent.key, name: agent.name, description: agent.description, settings: agent.settings },
    profile_fields: fields.map((f) => ({
      field_name: f.fieldName,
      display_name: f.displayName,
      description: f.description,
      field_type: f.fieldType,
      validation_rules: f.validationRules,
      extraction_hints: f.extractionHints,
    })),
    variables: variables.map((v) => ({
      name: v.name,
      type: v.type,
      description: v.description,
      patterns: v.patterns,
      ...moneyFieldsOf(v.money),
      ...phrasesFieldOf(v.phrases),
    })),
    tools: tools.map((t) => ({
      key: t.key,
      name: t.name,
      description: t.description,
      kind: t.kind,
      input_schema: t.inputSchema,
      output: t.output,
      // Written only when set, so bundles of agents without approvals read as before.
      ...(t.requiresApproval ? { requires_approval: true } : {}),
    })),
    scenarios: scenarios.map((s) => {
      const own = (scenarioId: string) => scenarioId === s.id;
      const stepKey = (id: string) => stepsById.get(id)?.key ?? id;
      return {
        key: s.key,
        name: s.name,
        description: s.description,
        intent_label: s.intentLabel,
        entry_examples: s.entryExamples,
        entry_step: s.entryStepId ? stepKey(s.entryStepId) : null,
        enabled: s.enabled,
        steps: steps
          .filter((step) => own(step.scenarioId))
          .map((step) => ({
            key: step.key,
            name: step.name,
            instructions: step.instructions,
            clarification_hint: step.clarificationHint,
            is_terminal: step.isTerminal,
          })),
        transitions: transitions
          .filter((transition) => own(transition.scenarioId))
          .map((transition) => ({
            from: stepKey(transition.fromStepId),
            to: stepKey(transition.toStepId),
            condition_text: transition.conditionText,
            examples: transition.examples,
          })),
      };
    }),
    rules: rules.map((r) => {
      const scopeRef =
        r.scope === "GLOBAL"
          ? null
          : r.scope === "SCENARIO"
            ? (scenarioKeys.get(r.scopeId ?? "") ?? null)
            : stepRef(r.scopeId);
      if (r.scope !== "GLOBAL" && scopeRef === null) {
        throw storedConfigError(agent, `rule "${r.key}" points at a ${r.scope.toLowerCase()} that no longer exists`);
      }
      return {
        key: r.key,
        name: r.name,
        condition_text: r.conditionText,
        action_text: r.actionText,
        scope: r.scope,
        scope_ref: scopeRef,
        priority: r.priority,
        is_hard_constraint: r.isHardConstraint,
        enforcement_expression: r.enforcementExpression,
        enforcement_lane: r.enforcementLane,
        on_violation: r.onViolation,
        // A tool deleted after the rule was saved is no longer attached to anything: leave it out.
        attached_tools: r.attachedToolIds.flatMap((id) => {
          const key = toolKeys.get(id);
          return key ? [key] : [];
        }),
        max_fires_per_session: r.maxFiresPerSession,
        cooldown_turns: r.cooldownTurns,
        enabled: r.enabled,
      };
    }),
    knowledge_sources: knowledge,
    tests,
  };
  const parsed = Bundle.safeParse(raw);
  if (!parsed.success) throw storedConfigError(agent, "see the listed fields", issuesFromZodError(parsed.error));
  return canonicalBundle(parsed.data);
}

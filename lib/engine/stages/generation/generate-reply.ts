import type { CompiledAgent } from "../../compile/compile-agent";
import type { GenerateRequest } from "../../contracts/model";
import type { SessionState } from "../../contracts/session-state";
import type { Passage } from "../../knowledge/knowledge-source";
import { languageName } from "../../text/language";
import type { ScoredRule } from "../filtering/filter-rules";
import type { ToolCall } from "../tools/run-tools";

export interface GenerationInput {
  message: string;
  matched: ScoredRule[];
  toolCalls: ToolCall[];
  missing: { name: string; description: string }[];
  violations: GenerateRequest["violations"];
  /** The return note of the operator who handed the session back (docs/handoffs.md). */
  operatorNote?: string;
  /** ISO 639-1 code of the reply's language when it is not English. */
  replyLanguage?: string;
  /** The knowledge passages that answer the message, best first. */
  knowledge?: readonly Passage[];
}

/**
 * The prompt's material: matched rules' action_text plus every
 * always-enforced GLOBAL hard rule (a reply is checked against them, so it is told about them), the
 * step's instructions, tool outputs as data, the profile, bounded history and — on a regeneration —
 * why the previous draft was rejected.
 */
export function buildGenerateRequest(
  agent: CompiledAgent,
  session: SessionState,
  input: GenerationInput,
): GenerateRequest {
  const seen = new Set<string>();
  const ruleActions: GenerateRequest["ruleActions"] = [];
  const add = (id: string, name: string, actionText: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    ruleActions.push({ ruleId: id, name, actionText });
  };
  for (const { compiled } of input.matched) add(compiled.rule.id, compiled.rule.name, compiled.rule.actionText);
  for (const { rule } of agent.globalRules)
    if (rule.enabled && rule.isHardConstraint) add(rule.id, rule.name, rule.actionText);

  const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
  const step = session.activeStepId ? scenario?.steps.get(session.activeStepId) : undefined;
  return {
    agentName: agent.snapshot.name,
    message: input.message,
    history: session.history,
    ruleActions,
    step: step ? { name: step.name, instructions: step.instructions } : null,
    scenario: scenario ? { name: scenario.scenario.name } : null,
    toolOutputs: input.toolCalls
      .filter((c) => c.ok)
      .map((c) => ({ toolKey: c.key, toolName: c.name, output: c.output })),
    profile: { ...session.profile },
    missingVariables: input.missing,
    violations: input.violations,
    responseVariables: claimableVariables(agent),
    // Only when there is one: a request without it hashes as before (replay tapes, docs/replay.md).
    ...(input.operatorNote ? { operatorNote: input.operatorNote } : {}),
    ...(input.replyLanguage
      ? { replyLanguage: { code: input.replyLanguage, name: languageName(input.replyLanguage) } }
      : {}),
    ...(input.knowledge && input.knowledge.length > 0
      ? {
          knowledge: {
            passages: input.knowledge.map((p) => ({
              id: p.id,
              sourceTitle: p.title,
              headingPath: p.headingPath,
              text: p.text,
            })),
          },
        }
      : {}),
  };
}

/**
 * The response variables a reply declares claims for: every one with a claimable value (money,
 * number, boolean and name lists, which declare a boolean). String variables have no claim form.
 */
function claimableVariables(agent: CompiledAgent): GenerateRequest["responseVariables"] {
  return agent.snapshot.responseVariables
    .filter((v) => v.type !== "string")
    .map((v) => ({
      name: v.name,
      type: v.type,
      description: v.description,
      ...(v.money ? { currency: v.money.currency } : {}),
    }));
}

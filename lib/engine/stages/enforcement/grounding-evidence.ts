import type { CompiledAgent } from "../../compile/compile-agent";
import type { GenerateRequest } from "../../contracts/model";
import type { SessionState } from "../../contracts/session-state";
import type { TurnInput } from "../../contracts/turn-outcome";
import type { GroundingSources } from "./grounding/check-grounding";

/** What else the turn's draft was built from: a designer's fixed first draft (the out-of-scope reply). */
export interface EvidenceExtras {
  fixedDraft?: string;
}

/**
 * The evidence the `ungrounded` check (README.md#ungrounded-facts) finds a reply's facts in: what the
 * generation request handed the model, read from the same places.
 * - toolOutputs: this turn's successful tool outputs.
 * - variables: the session's variables (tool outputs and values carried between turns) and the profile.
 * - rules: the name, condition and action of every rule the reply was told about (matched ones and
 *   every always-enforced GLOBAL hard rule), the scenario's name and description, the step's name,
 *   instructions and clarification hint, the operator's return note, a designer's fixed draft and
 *   the descriptions of the variables the reply asks for: the designer's and the staff's own words.
 * - customer: the customer's messages in the history, and this one.
 * - passages: the knowledge passages generation was handed (`GenerateRequest.knowledge`), and any the
 *   host names (`TurnInput.knowledge`).
 * The agent's own earlier replies are not evidence: a fact they stated that still matters sits in a
 * variable or a tool output, and an invention repeated is still one.
 */
export function groundingEvidence(
  agent: CompiledAgent,
  session: SessionState,
  input: TurnInput,
  request: GenerateRequest,
  extras: EvidenceExtras = {},
): GroundingSources {
  return {
    passages: [...(request.knowledge?.passages ?? []), ...(input.knowledge?.citedPassages ?? [])].map((p) => p.text),
    toolOutputs: request.toolOutputs.map((t) => t.output),
    variables: { session: session.variables, profile: session.profile },
    rules: designerTexts(agent, session, input, request, extras),
    customer: [...session.history.filter((h) => h.role === "user").map((h) => h.text), input.message],
  };
}

function designerTexts(
  agent: CompiledAgent,
  session: SessionState,
  input: TurnInput,
  request: GenerateRequest,
  extras: EvidenceExtras,
): string[] {
  const texts: string[] = [];
  for (const { ruleId } of request.ruleActions) {
    const rule = agent.rulesById.get(ruleId)?.rule;
    if (rule) texts.push(rule.name, rule.conditionText, rule.actionText);
  }
  const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
  if (scenario) texts.push(scenario.scenario.name, scenario.scenario.description);
  const step = session.activeStepId ? scenario?.steps.get(session.activeStepId) : undefined;
  if (step) texts.push(step.name, step.instructions, step.clarificationHint);
  if (input.operatorNote) texts.push(input.operatorNote);
  if (extras.fixedDraft) texts.push(extras.fixedDraft);
  for (const missing of request.missingVariables) texts.push(missing.description);
  return texts.filter((t) => t !== "");
}

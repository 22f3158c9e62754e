import type { TurnContext } from "../../pipeline/turn-context";

/**
 * Degradation (docs/pipeline.md#degradation): a model fault (timeout, 429, transport error, abstain) gets a safe
 * clarifier in the active context — never a guess, never an error page.
 */
export function safeClarifier(ctx: TurnContext): string {
  const scenario = ctx.session.activeScenarioId ? ctx.agent.scenarios.get(ctx.session.activeScenarioId) : undefined;
  const hint = ctx.session.activeStepId ? scenario?.steps.get(ctx.session.activeStepId)?.clarificationHint : undefined;
  return `Sorry, I couldn't process that just now. ${hint || "Could you say that again in other words?"}`;
}

/**
 * When regeneration is exhausted the customer gets this fixed template. It states no
 * amount, names no one and advises nothing, so it cannot break a hard constraint itself.
 */
export function safeFallbackReply(): string {
  return "I'm sorry, I can't help with that in this chat. A colleague will review your request and get back to you. Is there anything else I can help with?";
}

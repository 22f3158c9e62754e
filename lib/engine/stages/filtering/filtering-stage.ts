import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnStage } from "../../pipeline/turn-stage";
import { retrievalStage } from "../retrieval/retrieval-stage";
import { sensedOf } from "../sensor/sensor-stage";
import { type FilterResult, filterRules, rulesInScope } from "./filter-rules";

// The 50 best-scoring rules tell why; thousands more would bloat every stored span.
const MAX_CONSIDERED_IN_SPAN = 50;

/** The text rules are matched against: the message plus where the conversation is. */
function ruleQueryText(ctx: TurnContext, detectedIntent: string | null): string {
  const scenario = ctx.session.activeScenarioId ? ctx.agent.scenarios.get(ctx.session.activeScenarioId) : undefined;
  const parts = [ctx.input.message];
  if (detectedIntent && !detectedIntent.startsWith("transition:")) parts.push(detectedIntent.replace(/_/g, " "));
  if (scenario) parts.push(scenario.scenario.name);
  return parts.join(" · ");
}

/** Stage 4b (README): the rules in the routed scope that match the message. */
export const filteringStage: TurnStage<FilterResult> = {
  name: "filtering",
  async run(ctx, turn) {
    const detectedIntent = sensedOf(turn).context.detected_intent;
    const [ruleQuery] = await ctx.ports.embedder.embed([ruleQueryText(ctx, detectedIntent)]);
    const query = ruleQuery ?? turn.valueOf(retrievalStage).message;
    const value = filterRules(
      rulesInScope(ctx.agent, ctx.session.activeScenarioId, ctx.session.activeStepId),
      query,
      ctx.session,
      ctx.settings.retrieval,
      MAX_CONSIDERED_IN_SPAN,
    );
    return {
      value,
      decision: `${value.matched.length} of ${value.consideredTotal} rules matched (threshold ${ctx.settings.retrieval.rule_match_threshold})`,
      attributes: {
        considered: value.considered,
        considered_total: value.consideredTotal,
        matched: value.matched.map((m) => m.compiled.rule.key),
      },
    };
  },
  outcomeParts: (value) => ({ matched: value.matched }),
};

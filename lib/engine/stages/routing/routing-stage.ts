import type { TurnContext } from "../../pipeline/turn-context";
import type { TurnStage } from "../../pipeline/turn-stage";
import { retrievalStage } from "../retrieval/retrieval-stage";
import { type RouteDecision, routeScenario } from "./route-scenario";

const ESCALATION_REPLY =
  "I'm passing this conversation to a colleague who can help further. They will reply here shortly.";

/** Moves the session to the scenario and step routed to; a clarification counts against its step. */
function applyRoute(ctx: TurnContext, route: RouteDecision): void {
  const { session } = ctx;
  if (route.action !== "stay" && route.action !== "clarify" && route.action !== "escalate" && route.action !== "none") {
    if (route.stepId !== session.activeStepId && session.activeStepId)
      delete session.stepClarificationCount[session.activeStepId];
    session.activeScenarioId = route.scenarioId;
    session.activeStepId = route.stepId;
  }
  if (route.action === "clarify" && route.clarification && route.clarifiedStep)
    session.stepClarificationCount[route.clarifiedStep.stepId] = route.clarifiedStep.count;
}

/** Stage 4a (README): routing with stickiness; a clarification or an escalation ends the turn. */
export const routingStage: TurnStage<RouteDecision> = {
  name: "routing",
  run(ctx, turn) {
    const { candidates, message } = turn.valueOf(retrievalStage);
    const value = routeScenario(ctx.agent, ctx.session, candidates, message, ctx.settings.scenario_filter);
    return {
      value,
      decision: `${value.action}: ${value.reason}`,
      attributes: { action: value.action, ...value.numbers },
    };
  },
  settle(ctx, route) {
    applyRoute(ctx, route);
    if (route.action === "clarify" && route.clarification)
      return { response: route.clarification, outcome: "clarified", fallbackReason: null };
    if (route.action === "escalate") return { response: ESCALATION_REPLY, outcome: "escalated", fallbackReason: null };
    return null;
  },
};

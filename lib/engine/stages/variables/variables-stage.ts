import type { TurnStage } from "../../pipeline/turn-stage";
import { filteringStage } from "../filtering/filtering-stage";
import { resolveVariables, type VariableResolution } from "./resolve-variables";

/** Stage 5 (README): the matched rules' variables from session → profile → tools; what is missing gets asked for. */
export const variablesStage: TurnStage<VariableResolution> = {
  name: "variables",
  run(ctx, turn) {
    const value = resolveVariables(ctx.agent, ctx.session, turn.valueOf(filteringStage).matched);
    return {
      value,
      decision: `${Object.keys(value.resolved).length} resolved, ${Object.keys(value.fromTools).length} from tools, ${value.missing.length} missing`,
      attributes: { resolved: value.resolved, from_tools: value.fromTools, missing: value.missing.map((m) => m.name) },
    };
  },
};

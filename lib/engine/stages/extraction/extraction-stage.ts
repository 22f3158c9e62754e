import type { Stage } from "../../pipeline/stage";
import { extractResponseVariables, type ResponseExtraction } from "./extract-response-variables";

/** Stage 8 (README): the variables the reply states, with the money it could not convert or classify. */
export const extractionStage: Stage<string, ResponseExtraction> = {
  name: "extraction",
  run(ctx, draft) {
    const value = extractResponseVariables(draft, ctx.agent.snapshot.responseVariables);
    return {
      value,
      decision: `${Object.keys(value.values).length} variables from the reply`,
      attributes: {
        values: value.values,
        matches: value.matches.length,
        ...(Object.keys(value.unresolvedMoney).length > 0 ? { unresolved_money: value.unresolvedMoney } : {}),
        ...(value.uncertainMoney ? { uncertain_money: value.uncertainMoney } : {}),
      },
    };
  },
};

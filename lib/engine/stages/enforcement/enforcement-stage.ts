import { plural } from "@/lib/text/plural";
import type { Stage } from "../../pipeline/stage";
import { type EnforcementInput, type EnforcementResult, enforce } from "./enforce";

/** Stage 9 (README): both lanes over one draft; a failed check sends the draft back or ends in the safe reply. */
export const enforcementStage: Stage<EnforcementInput, EnforcementResult> = {
  name: "enforcement",
  async run(ctx, input) {
    const value = await enforce(ctx, input);
    return {
      value,
      decision: value.failed.length
        ? `${plural(value.failed.length, "violation")}: ${value.failed.map((f) => f.ruleKey).join(", ")}`
        : `${value.checks.length} checks, no violation`,
      attributes: { checks: value.checks, enforced: value.enforced },
    };
  },
};

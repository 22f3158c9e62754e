import { plural } from "@/lib/text/plural";
import type { Stage } from "../../pipeline/stage";
import { type EnforcementInput, type EnforcementResult, enforce } from "./enforce";

/** Stage 9 (README): both lanes over one draft; a failed check sends the draft back or ends in the safe reply. */
export const enforcementStage: Stage<EnforcementInput, EnforcementResult> = {
  name: "enforcement",
  async run(ctx, input) {
    const value = await enforce(ctx, input);
    const decided = value.failed.length
      ? `${plural(value.failed.length, "violation")}: ${value.failed.map((f) => f.ruleKey).join(", ")}`
      : `${value.checks.length} checks, no violation`;
    // A reported check (enforcement.grounding_facts = report) ships, so the one line says what it found.
    const reported = value.checks
      .filter((c) => c.result === "reported")
      .map((c) => `${c.ruleKey} reported (${(c.unsupportedFacts ?? []).map((f) => f.text).join(", ")})`);
    return {
      value,
      decision: [decided, ...reported].join("; "),
      attributes: { checks: value.checks, enforced: value.enforced },
    };
  },
};

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
    // A reported check (enforcement.grounding_facts = report) ships, so the one line says it found
    // something: how many facts, never their text. The line is streamed with the turn's stage events,
    // and a draft that is then blocked must not reach the stream in any piece; the facts themselves are
    // in the check (the span's attributes, the trace).
    const reported = value.checks
      .filter((c) => c.result === "reported")
      .map((c) => `${c.ruleKey} reported (${plural(c.unsupportedFacts?.length ?? 0, "fact")} found in no evidence)`);
    return {
      value,
      decision: [decided, ...reported].join("; "),
      attributes: { checks: value.checks, enforced: value.enforced },
    };
  },
};

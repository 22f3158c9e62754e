import type { ClaimConflict, JudgeOutput } from "../../contracts/model";

/**
 * A deterministic verdict on a claim conflict, for judges that cannot read meaning (the offline judge,
 * test harnesses). Pessimist: the customer reads the text and the model said what it meant, so a
 * reply fails when the rule fails on either fact, and passes only when every fact that can be
 * evaluated passes. With nothing evaluable it fails: an undecided promise is not a kept one.
 */
export function conflictVerdict(conflict: ClaimConflict): JudgeOutput {
  const outcomes = [conflict.declaredPasses, ...conflict.extractedPasses].filter((p): p is boolean => p !== null);
  const textFails = conflict.extractedPasses.includes(false);
  const claimFails = conflict.declaredPasses === false;
  if (textFails || claimFails || outcomes.length === 0) {
    const which = textFails && claimFails ? "the claim and the text" : textFails ? "the text" : "the claim";
    return {
      passed: false,
      score: 0,
      reason:
        outcomes.length === 0
          ? `${conflict.reason}; neither fact can be checked against the rule`
          : `${conflict.reason}; the rule fails on ${which}`,
      bias_tags: ["claims:conflict"],
    };
  }
  return {
    passed: true,
    score: 0.9,
    reason: `${conflict.reason}; the rule holds on every value the reply states or declares`,
    bias_tags: ["claims:conflict"],
  };
}

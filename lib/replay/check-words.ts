// A replayed check is keyed `lane:rule_key` ("1:max-refund"); people read it as the rule and how it
// was checked: "max-refund, by its expression, passed".

const LANES: Record<string, string> = { "1": "by its expression", "2": "by the judge" };
const RESULTS: Record<string, string> = { unresolved: "undecided", skipped: "not checked" };

/** "1:max-refund" → "max-refund, by its expression". */
export function checkName(check: string): string {
  const colon = check.indexOf(":");
  if (colon < 0) return check;
  const lane = LANES[check.slice(0, colon)];
  const rule = check.slice(colon + 1);
  return lane ? `${rule}, ${lane}` : rule;
}

/** "passed", "failed", "undecided", "not checked". */
export function checkResultWord(result: string): string {
  return RESULTS[result] ?? result;
}

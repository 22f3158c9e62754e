import { MIN_EXAMPLES, type RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { plural } from "@/lib/text/plural";

// The routing check's summary in words, shared by the Scenarios page and `focal test`.

type Summary = RoutingCheckReport["summary"];

/** "7 of 10 entry examples came back to their own scenario (70%)." */
export function routingAccuracySentence(summary: Summary): string {
  if (summary.examples === 0) return "No entry examples to check: no enabled scenario has any.";
  const percent = Math.round((summary.accuracy ?? 0) * 100);
  const sample =
    summary.unchecked > 0 ? ` A sample: ${summary.unchecked} more were not checked, too many for one run.` : "";
  return `${summary.routed_home} of ${plural(summary.examples, "entry example")} came back to their own scenario (${percent}%).${sample}`;
}

/** "2 examples flagged · 1 scenario with fewer than 3 examples", or that nothing is. */
export function routingFlagsSentence(summary: Summary): string {
  if (summary.flagged_examples === 0 && summary.flagged_scenarios === 0) return "Nothing flagged.";
  const parts = [];
  if (summary.flagged_examples > 0) parts.push(`${plural(summary.flagged_examples, "example")} flagged`);
  if (summary.flagged_scenarios > 0) {
    parts.push(`${plural(summary.flagged_scenarios, "scenario")} with fewer than ${MIN_EXAMPLES} examples`);
  }
  return `${parts.join(" · ")}.`;
}

import Link from "next/link";
import { Mono } from "@/components/ui/mono";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { RuleCount } from "@/db/queries/trace-dashboard";
import { tracesHref } from "@/lib/traces/trace-search";

interface RuleCountsProps {
  agentKey: string;
  rules: RuleCount[];
  /** Which traces filter a rule's link opens: the turns that fired it, or those that violated it. */
  filter: "fired" | "violation";
  barClassName: string;
}

/** Rules ranked by turns, each a link to exactly those turns in Traces, with its count and a bar. */
export function RuleCounts({ agentKey, rules, filter, barClassName }: RuleCountsProps) {
  const max = Math.max(1, ...rules.map((r) => r.n));
  return (
    <ol className="flex flex-col gap-1.5">
      {rules.map((rule) => (
        <li key={rule.ruleId} className="flex flex-col gap-0.5 text-xs" data-rule={rule.key ?? rule.ruleId}>
          <div className="flex items-baseline justify-between gap-2">
            <Link
              href={tracesHref(agentKey, { [filter]: rule.ruleId })}
              className="min-w-0 truncate underline-offset-2 hover:underline"
              title={filter === "fired" ? "Turns that fired this rule" : "Turns that violated this rule"}
            >
              {rule.name ?? <span className="text-muted-foreground italic">deleted rule</span>}{" "}
              <Mono className="text-muted-foreground">{rule.key ?? rule.ruleId.slice(0, 8)}</Mono>
            </Link>
            <Mono className="text-muted-foreground">{rule.n} turns</Mono>
          </div>
          <div className="h-1.5 rounded bg-muted" aria-hidden="true">
            <div className={`h-1.5 rounded ${barClassName}`} style={{ width: `${(rule.n / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

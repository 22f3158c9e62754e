import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { plural } from "@/lib/text/plural";
import { turnHref } from "@/lib/traces/trace-search";
import { formatMs } from "../sandbox/sandbox-format";
import { type TraceListProps, TurnTime, traceLabels, Violations } from "./trace-row-parts";

/**
 * The traces list below 768 px: one card per turn, newest first — what was said and what happened
 * first, the numbers after. The message opens the turn, as the table's does.
 */
export function TraceCards({ agentKey, rows, options }: TraceListProps) {
  const { scenarioNames, ruleKeys } = traceLabels(options);
  return (
    <ul aria-label="Traces" className="space-y-2 md:hidden" data-testid="trace-cards">
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="trace-card"
          data-outcome={row.outcome}
          className="space-y-1.5 rounded-lg border border-border bg-card p-3"
        >
          <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
            <span className="font-mono">
              <TurnTime at={row.createdAt} /> · {row.sessionId.slice(0, 8)} #{row.turnIndex + 1}
            </span>
            <Badge variant={`outcome-${row.outcome}`} />
          </div>
          <Link
            href={turnHref(agentKey, row.id)}
            className="line-clamp-2 break-words font-medium text-sm hover:underline"
          >
            {row.userMessage}
          </Link>
          <p className="line-clamp-2 break-words text-muted-foreground text-xs">{row.response}</p>
          <p className="text-muted-foreground text-xs">
            {row.scenarioId ? (scenarioNames.get(row.scenarioId) ?? "a deleted scenario") : "no scenario"} ·{" "}
            {plural(row.firedCount, "rule")} fired · {formatMs(row.latencyMs)} · {plural(row.modelCalls, "model call")}
          </p>
          {row.violatedRuleIds.length > 0 ? (
            <div className="text-xs">
              <Violations agentKey={agentKey} ids={row.violatedRuleIds} rules={ruleKeys} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

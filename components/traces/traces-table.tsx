import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { tracesHref, turnHref } from "@/lib/traces/trace-search";
import { formatCount, formatMs } from "../sandbox/sandbox-format";
import { type TraceListProps, TurnTime, traceLabels, Violations } from "./trace-row-parts";

/** One row per turn, newest first; the time and the message open the turn detail. */
export function TracesTable({ agentKey, rows, options }: TraceListProps) {
  const { scenarioNames, ruleKeys } = traceLabels(options);
  return (
    <Table
      // Ten columns in 1,000 px (1280 minus the sidebar): tighter cells than the default, no wrapping.
      className="[&_td]:whitespace-nowrap [&_td]:px-2 [&_th]:px-2"
      // Below 768 px the turns are cards (trace-cards.tsx): ten columns do not fit a phone.
      containerClassName="hidden max-h-[calc(100vh-16rem)] md:block"
      aria-label="Traces"
      data-testid="traces-table"
      stack={false}
    >
      <TableHeader>
        <TableRow>
          <TableHead>Time (UTC)</TableHead>
          <TableHead>Session</TableHead>
          <TableHead>Outcome</TableHead>
          <TableHead>Scenario</TableHead>
          <TableHead className="min-w-48">Message</TableHead>
          <TableHead numeric title="Rules fired">
            Rules
          </TableHead>
          <TableHead>Violations</TableHead>
          <TableHead numeric>Latency</TableHead>
          <TableHead numeric title="Model calls">
            Calls
          </TableHead>
          <TableHead>Provider</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="trace-row" data-outcome={row.outcome}>
            <TableCell className="whitespace-nowrap">
              <Link href={turnHref(agentKey, row.id)} className="font-mono text-xs underline-offset-2 hover:underline">
                <TurnTime at={row.createdAt} />
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Link
                href={tracesHref(agentKey, { session: row.sessionId })}
                title={`Every turn of session ${row.sessionId}`}
                className="font-mono text-xs underline-offset-2 hover:underline"
              >
                {row.sessionId.slice(0, 8)}
              </Link>
              <span className="ml-1 text-muted-foreground text-xs">#{row.turnIndex + 1}</span>
            </TableCell>
            <TableCell>
              <Badge variant={`outcome-${row.outcome}`} />
            </TableCell>
            <TableCell className="max-w-28 truncate text-xs">
              {row.scenarioId ? (
                (scenarioNames.get(row.scenarioId) ?? <Mono>{row.scenarioId.slice(0, 8)}</Mono>)
              ) : (
                <span className="text-muted-foreground">none</span>
              )}
            </TableCell>
            {/* Two lines of each, the whole text on hover and on the turn's page: enough to tell turns apart. */}
            {/* `!`: the table's nowrap rule for every cell is more specific; this one cell wraps, or its
                text widens the table until Latency, Calls and Provider leave a 1440 px screen. */}
            <TableCell className="min-w-56 max-w-80 whitespace-normal!">
              <Link
                href={turnHref(agentKey, row.id)}
                title={row.userMessage}
                className="line-clamp-2 break-words text-xs hover:underline"
              >
                {row.userMessage}
              </Link>
              <span title={row.response} className="line-clamp-2 break-words text-muted-foreground text-xs">
                {row.response}
              </span>
            </TableCell>
            <TableCell numeric>{row.firedCount}</TableCell>
            <TableCell className="text-xs">
              <Violations agentKey={agentKey} ids={row.violatedRuleIds} rules={ruleKeys} />
            </TableCell>
            <TableCell numeric>{formatMs(row.latencyMs)}</TableCell>
            <TableCell numeric>{formatCount(row.modelCalls)}</TableCell>
            <TableCell className="whitespace-nowrap text-xs">
              <Mono title={row.model}>{row.provider}</Mono>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { TraceListRow } from "@/db/queries/traces";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { TraceOptions } from "@/lib/traces/server/load-traces-page";
import { tracesHref } from "@/lib/traces/trace-search";

/** What both traces lists draw from: the table on wide screens, the cards below 768 px. */
export interface TraceListProps {
  agentKey: string;
  rows: TraceListRow[];
  options: TraceOptions;
}

/** The names a row's ids are shown by: its scenario's name, each violated rule's key. */
export function traceLabels(options: TraceOptions) {
  return {
    scenarioNames: new Map(options.scenarios.map((s) => [s.id, s.name])),
    ruleKeys: new Map(options.rules.map((r) => [r.id, r.key])),
  };
}

// UTC, month to second: the year is in the tooltip, the column stays 14 characters wide.
const utc = (date: Date) => date.toISOString().slice(5, 19).replace("T", " ");

export function TurnTime({ at }: { at: Date }) {
  return (
    <time dateTime={at.toISOString()} title={at.toISOString()}>
      {utc(at)}
    </time>
  );
}

/** The rules a turn violated, each a link to the turns that violated it too. */
export function Violations({ agentKey, ids, rules }: { agentKey: string; ids: string[]; rules: Map<string, string> }) {
  if (ids.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {ids.map((id) => (
        <Link key={id} href={tracesHref(agentKey, { violation: id })} title="Turns that violated this rule">
          <Badge variant="danger" className="font-mono">
            {rules.get(id) ?? `deleted ${id.slice(0, 8)}`}
          </Badge>
        </Link>
      ))}
    </span>
  );
}

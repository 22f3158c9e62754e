import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import { LedgerEventTableRow } from "./ledger-event-row";

/**
 * The ledger's one table shape (Ledger page, agent overview, turn detail). With `agentKeys` it adds
 * the Agent column; without it the events are already about one agent.
 */
export function LedgerEventsTable({
  events,
  agentKeys,
  label,
}: {
  events: LedgerEventRow[];
  agentKeys?: Record<string, string>;
  label?: string;
}) {
  const showAgent = agentKeys !== undefined;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead className="text-right">Seq</TableHead>
          <TableHead>Time</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Actor</TableHead>
          {showAgent ? <TableHead>Agent</TableHead> : null}
          <TableHead>Payload</TableHead>
          <TableHead>Hash</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <LedgerEventTableRow
            key={event.seq}
            event={event}
            showAgent={showAgent}
            agentKey={event.agentId && agentKeys ? agentKeys[event.agentId] : undefined}
          />
        ))}
      </TableBody>
    </Table>
  );
}

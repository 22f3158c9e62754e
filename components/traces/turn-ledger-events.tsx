import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { LedgerEventRow } from "@/db/schema";
import { LedgerEventTableRow } from "../ledger/ledger-event-row";

/** The turn's hash-chained record: its TURN_COMPLETED event and whatever else its request wrote. */
export function TurnLedgerEvents({ events }: { events: LedgerEventRow[] }) {
  return (
    <Card data-testid="turn-ledger">
      <CardHeader>
        <CardTitle as="h2">Ledger events</CardTitle>
        <CardDescription>
          Written in the turn's own transaction: ids, hashes and names, never the customer's text.{" "}
          <Link href="/ledger" className="underline">
            Open the ledger
          </Link>{" "}
          to verify the chain.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <EmptyState
            title="No ledger event names this turn"
            description="Turns stored by the engine write TURN_COMPLETED with their turn_id; a turn imported or seeded by hand has none."
          />
        ) : (
          <Table aria-label="Ledger events of the turn">
            <TableHeader>
              <TableRow>
                <TableHead className="text-right">Seq</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Actor</TableHead>
                <TableHead>Payload</TableHead>
                <TableHead>Hash</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.map((event) => (
                <LedgerEventTableRow key={event.seq} event={event} showAgent={false} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

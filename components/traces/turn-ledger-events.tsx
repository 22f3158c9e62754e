import Link from "next/link";
import { LedgerEventsTable } from "@/components/ledger/ledger-events-table";
import { EmptyState } from "@/components/ui/empty-state";
import { SectionCard } from "@/components/ui/section-card";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";

/** The turn's hash-chained record: its TURN_COMPLETED event and whatever else its request wrote. */
export function TurnLedgerEvents({ events }: { events: LedgerEventRow[] }) {
  return (
    <SectionCard
      data-testid="turn-ledger"
      title="Ledger events"
      description={
        <>
          Written in the turn's own transaction: ids, hashes and names, never the customer's text.{" "}
          <Link href="/ledger" className="underline">
            Open the ledger
          </Link>{" "}
          to verify the chain.
        </>
      }
    >
      {events.length === 0 ? (
        <EmptyState
          title="No ledger event names this turn"
          description="Turns stored by the engine write TURN_COMPLETED with their turn_id; a turn written by other means (an import, a script) has none."
        />
      ) : (
        <LedgerEventsTable events={events} label="Ledger events of the turn" />
      )}
    </SectionCard>
  );
}

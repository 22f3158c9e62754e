import Link from "next/link";
import { LedgerEventsTable } from "@/components/ledger/ledger-events-table";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterForm } from "@/components/ui/filter-form";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { NativeSelect } from "@/components/ui/select";
import type { LedgerEventRow } from "@/db/schema";
import { LEDGER_EVENT_TYPES } from "@/lib/server/ledger/event-types";
import { VerifyChainButton } from "./verify-chain-button";

interface LedgerPageProps {
  events: LedgerEventRow[];
  actors: string[];
  agentKeys: Record<string, string>;
  filter: { type?: string; actor?: string };
  nextBeforeSeq?: number;
}

function withParams(filter: LedgerPageProps["filter"], before?: number): string {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.actor) params.set("actor", filter.actor);
  if (before) params.set("before", String(before));
  const query = params.toString();
  return query ? `/ledger?${query}` : "/ledger";
}

export function LedgerPage({ events, actors, agentKeys, filter, nextBeforeSeq }: LedgerPageProps) {
  const filtered = Boolean(filter.type || filter.actor);
  return (
    <>
      <PageHeader
        title="Ledger"
        description="Append-only, hash-chained record of every configuration change, override and goal reformulation."
        actions={<VerifyChainButton />}
      />
      <FilterForm action="/ledger" className="flex flex-wrap items-end gap-3" aria-label="Filter ledger events">
        <div className="space-y-1">
          <Label htmlFor="type">Type</Label>
          <NativeSelect id="type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">All types</option>
            {LEDGER_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="actor">Actor</Label>
          <NativeSelect id="actor" name="actor" defaultValue={filter.actor ?? ""}>
            <option value="">All actors</option>
            {actors.map((actor) => (
              <option key={actor} value={actor}>
                {actor}
              </option>
            ))}
          </NativeSelect>
        </div>
        {filtered ? (
          <Button asChild variant="ghost">
            <Link href="/ledger">Clear</Link>
          </Button>
        ) : null}
      </FilterForm>
      {events.length === 0 ? (
        <EmptyState
          title={filtered ? "No events match these filters" : "The ledger is empty"}
          description={
            filtered
              ? "Clear the filters to see every event."
              : "Events appear here when an agent is imported or changed, an operator or API key is added, or a guardrail is overridden."
          }
        />
      ) : (
        <LedgerEventsTable events={events} agentKeys={agentKeys} />
      )}
      {nextBeforeSeq ? (
        <Button asChild variant="outline">
          <Link href={withParams(filter, nextBeforeSeq)}>Load older events</Link>
        </Button>
      ) : null}
    </>
  );
}

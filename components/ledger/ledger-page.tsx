import Link from "next/link";
import { LedgerEventsTable } from "@/components/ledger/ledger-events-table";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { FilterRow } from "@/components/ui/filter-row";
import { FilterSelect } from "@/components/ui/filter-select";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import { LEDGER_EVENT_TYPES } from "@/lib/ledger/ledger-event-types";
import { formatUtc } from "./ledger-event-row";
import { VerifyChainButton } from "./verify-chain-button";

interface LatestAnchorView {
  seq: number;
  hash: string;
  leafCount: number;
  occurredAt: Date;
}

interface LedgerPageProps {
  events: LedgerEventRow[];
  actors: string[];
  agentKeys: Record<string, string>;
  filter: { type?: string; actor?: string };
  nextBeforeSeq?: number;
  latestAnchor: LatestAnchorView | null;
}

function withParams(filter: LedgerPageProps["filter"], before?: number): string {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.actor) params.set("actor", filter.actor);
  if (before) params.set("before", String(before));
  const query = params.toString();
  return query ? `/ledger?${query}` : "/ledger";
}

function LatestAnchor({ anchor }: { anchor: LatestAnchorView | null }) {
  if (!anchor) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="latest-anchor">
        No anchor yet: once sessions have taken turns, the anchor job commits every session chain&apos;s head to the
        global chain (LEDGER_ANCHORED).
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-1 text-sm" data-testid="latest-anchor">
      Latest anchor: seq <Mono>{anchor.seq}</Mono>, {anchor.leafCount} session heads,{" "}
      <time dateTime={anchor.occurredAt.toISOString()}>{formatUtc(anchor.occurredAt)}</time>, hash{" "}
      <Mono title={anchor.hash}>{anchor.hash.slice(0, 16)}…</Mono>
      <CopyButton value={anchor.hash} label="latest anchor hash" />
      <span className="text-muted-foreground">
        — keep a copy outside the database: nothing it covers can be changed unnoticed (docs/ledger.md).
      </span>
    </p>
  );
}

export function LedgerPage({ events, actors, agentKeys, filter, nextBeforeSeq, latestAnchor }: LedgerPageProps) {
  const filtered = Boolean(filter.type || filter.actor);
  return (
    <>
      <PageHeader
        title="Ledger"
        description="Append-only, hash-chained record of every configuration change, override, goal reformulation and turn."
        actions={<VerifyChainButton />}
      />
      <p className="text-muted-foreground text-sm" data-testid="ledger-chains-explained">
        Each session&apos;s turns form their own chain (session #1, #2, …) and everything else the global chain (global
        #1, #2, …), each without gaps; seq numbers every event across all chains and skips the numbers of writes that
        were rolled back (a preview, a refused save). Anchors on the global chain commit to every session chain&apos;s
        head.
      </p>
      <LatestAnchor anchor={latestAnchor} />
      <FilterRow action="/ledger" label="Filter ledger events" filtered={filtered}>
        <FilterSelect name="type" label="Type" value={filter.type} anyLabel="All types" options={LEDGER_EVENT_TYPES} />
        <FilterSelect name="actor" label="Actor" value={filter.actor} anyLabel="All actors" options={actors} />
      </FilterRow>
      {events.length === 0 ? (
        <ListEmptyState
          filtered={filtered}
          noun={{ one: "event", many: "events" }}
          title="The ledger is empty"
          description="Events appear here when an agent is imported or changed, an operator or API key is added, a guardrail is overridden, or a session takes a turn."
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

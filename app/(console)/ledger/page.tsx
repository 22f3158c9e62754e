import type { Metadata } from "next";
import { LedgerPage } from "@/components/ledger/ledger-page";
import { listAgents } from "@/db/queries/agents";
import { listLedgerActors, listLedgerEvents } from "@/db/queries/ledger";
import { definePage, reachableAgentIdsForPage, reachableAgentsForPage } from "@/lib/server/access/agent-page";
import { requireOperator } from "@/lib/server/auth/require-operator";
import { getDb } from "@/lib/server/db";
import { latestLedgerAnchor } from "@/lib/server/ledger/anchor-ledger";
import { ledgerReach } from "@/lib/server/ledger/ledger-reach";

export const metadata: Metadata = { title: "Ledger" };

type Search = { type?: string; actor?: string; before?: string };

async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  await requireOperator();
  const search = await searchParams;
  const db = await getDb();
  const before = Number.parseInt(search.before ?? "", 10);
  const filter = { type: search.type || undefined, actor: search.actor || undefined };
  const reach = ledgerReach(await reachableAgentIdsForPage());
  const [{ events, nextBeforeSeq }, actors, agents, latestAnchor] = await Promise.all([
    listLedgerEvents(db, { ...filter, reach, beforeSeq: Number.isFinite(before) ? before : undefined }),
    listLedgerActors(db),
    listAgents(db),
    latestLedgerAnchor(db),
  ]);
  // Keys only of the agents the operator reaches: an event of another agent shows no key.
  const agentKeys = Object.fromEntries((await reachableAgentsForPage(agents)).map((a) => [a.id, a.key]));
  return (
    <LedgerPage
      events={events}
      actors={actors}
      agentKeys={agentKeys}
      filter={filter}
      nextBeforeSeq={nextBeforeSeq}
      latestAnchor={latestAnchor}
    />
  );
}

export default definePage(Page);

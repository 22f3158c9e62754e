import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LedgerEventRow } from "@/db/types";
import { ConfigVersionEntry } from "./config-version-entry";

interface AgentHistoryProps {
  agent: { key: string; name: string; configVersion: number };
  events: LedgerEventRow[];
  nextBeforeSeq?: number;
}

/** An agent's configuration versions, newest first: every editor save and bundle import with its diff. */
export function AgentHistory({ agent, events, nextBeforeSeq }: AgentHistoryProps) {
  return (
    <>
      <PageHeader
        title="History"
        description={`${agent.name} is at v${agent.configVersion}. Each version is one save in the editor or one bundle import, recorded in the ledger with what it changed.`}
      />
      {events.length === 0 ? (
        <EmptyState
          title="No recorded versions"
          description="Versions appear here when a bundle is imported or a rule is saved in the editor."
        />
      ) : (
        <ol className="space-y-3">
          {events.map((event) => (
            <li key={event.seq}>
              <ConfigVersionEntry event={event} agentKey={agent.key} />
            </li>
          ))}
        </ol>
      )}
      {nextBeforeSeq ? (
        <Button asChild variant="outline">
          <Link href={`/agents/${agent.key}/history?before=${nextBeforeSeq}`}>Load older versions</Link>
        </Button>
      ) : null}
    </>
  );
}

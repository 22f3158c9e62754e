import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { TracesPageData } from "@/lib/traces/server/load-traces-page";
import { hasTraceFilters, type TraceSearch, tracesHref } from "@/lib/traces/trace-search";
import { TraceCards } from "./trace-cards";
import { TracesFilterForm } from "./traces-filter-form";
import { TracesTable } from "./traces-table";

interface TracesExplorerProps {
  agent: { key: string; name: string };
  search: TraceSearch;
  data: TracesPageData;
}

function NoTraces({ agentKey, search }: { agentKey: string; search: TraceSearch }) {
  if (search.cursor) {
    return (
      <EmptyState
        title="No older turns"
        description="This page is past the last turn that matches; go back to the newest."
      />
    );
  }
  if (hasTraceFilters(search)) {
    return (
      <EmptyState
        title="No turns match these filters"
        description="Widen the date range, pick another outcome or rule, or clear the filters."
        action={
          <Button asChild variant="outline">
            <Link href={tracesHref(agentKey, {})}>Clear filters</Link>
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      title="No turns recorded yet"
      description={
        <>
          Every turn lands here with its spans. Chat with the agent in the Sandbox, or over the API: create a session
          with <Mono>POST /api/v1/agents/{agentKey}/sessions</Mono>, then send{" "}
          <Mono>POST /api/v1/sessions/{"{id}"}/turns</Mono> with an API key that has <Mono>turns:write</Mono>.
        </>
      }
      action={
        <Button asChild>
          <Link href={`/agents/${encodeURIComponent(agentKey)}/sandbox`}>Open the Sandbox</Link>
        </Button>
      }
    />
  );
}

/** The traces explorer: URL filters, newest turns first, keyset "load more". */
export function TracesExplorer({ agent, search, data }: TracesExplorerProps) {
  return (
    <>
      <PageHeader
        title="Traces"
        description={`${agent.name}: every turn, newest first, with its outcome, rules and cost. Open a turn for its waterfall of spans.`}
      />
      <div className="flex flex-col gap-4">
        <TracesFilterForm agentKey={agent.key} search={search} options={data.options} />
        {data.rows.length === 0 ? (
          <NoTraces agentKey={agent.key} search={search} />
        ) : (
          <>
            <TracesTable agentKey={agent.key} rows={data.rows} options={data.options} />
            <TraceCards agentKey={agent.key} rows={data.rows} options={data.options} />
          </>
        )}
        <div className="flex gap-2">
          {search.cursor ? (
            <Button asChild variant="ghost">
              <Link href={tracesHref(agent.key, search)}>Back to newest</Link>
            </Button>
          ) : null}
          {data.nextCursor ? (
            <Button asChild variant="outline">
              <Link href={tracesHref(agent.key, search, data.nextCursor)} data-testid="traces-load-more">
                Load more
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </>
  );
}

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListEmptyState } from "@/components/ui/list-empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { LoopDashboardStats } from "@/db/queries/loops";
import { hasFilters, type LoopSearch, loopsHref } from "@/lib/loops/loop-filters";
import { type LoopView, REASON_WORDS } from "@/lib/loops/loop-view";
import { FrequencyBars } from "./frequency-bars";

import { LoopsFilterForm } from "./loops-filter-form";
import { LoopsTable } from "./loops-table";
import { RerunCharts } from "./rerun-charts";

// The loop fatigue dashboard (docs/loops.md): filters, totals, fatigue and alignment/drift over reruns, rerun
// and stop reasons, bias-tag frequency, then the loops themselves (newest first, keyset "load more").

interface LoopsDashboardProps {
  loops: LoopView[];
  nextCursor?: string;
  stats: LoopDashboardStats;
  agents: { key: string; name: string }[];
  search: LoopSearch;
}

// The default limits, drawn as reference lines on the instance-wide charts (each loop's detail page
// draws its own agent's numbers).
const DEFAULT_LINES = { fatigue: 0.5, alignment: 0.75, drift: 0.25 };

function MeanRerunCharts({ byRerun }: { byRerun: LoopDashboardStats["byRerun"] }) {
  return (
    <RerunCharts
      charts={[
        { title: "Mean fatigue over reruns", testId: "chart-fatigue" },
        { title: "Mean alignment and drift per rerun", testId: "chart-alignment-drift" },
      ]}
      rows={byRerun}
      limits={{
        fatigue: { label: "critical (default)", y: DEFAULT_LINES.fatigue },
        alignment: { label: "alignment ≥ (default)", y: DEFAULT_LINES.alignment },
        drift: { label: "drift ≤ (default)", y: DEFAULT_LINES.drift },
      }}
    />
  );
}

export function LoopsDashboard({ loops, nextCursor, stats, agents, search }: LoopsDashboardProps) {
  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader
        title="Loops"
        description="Guardrails on loops that may run again — orchestrator loops and the rewrites of a reply that broke a rule: rerun limits, repeated bias and fatigue. Override a finalized loop here, with a reason."
      />
      <LoopsFilterForm search={search} agents={agents} />
      {stats.total === 0 ? (
        <ListEmptyState
          filtered={filtered}
          noun={{ one: "loop", many: "loops" }}
          title="No loops yet"
          description="Orchestrators post loops to POST /orchestrator/loop-complete with an API key that has loops:write (create one on Users & keys); the engine's own regeneration loops appear after a turn regenerates in the Sandbox."
        />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat label="Loops" value={stats.total} />
            <Stat label="Force-finalized" value={stats.forceFinalized} hint="a guardrail stopped the family" />
            <Stat label="Bias echo" value={stats.biasEcho} hint="halted: a tag repeated across loops" />
            <Stat label="Overridden" value={stats.overridden} hint="by an operator or an API key" />
          </div>
          <MeanRerunCharts byRerun={stats.byRerun} />
          <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
            <FrequencyBars
              title="Rerun reasons"
              testId="rerun-reasons"
              items={stats.rerunReasons}
              words={REASON_WORDS}
              empty="No loop has rerun yet."
            />
            <FrequencyBars
              title="Why families stopped"
              testId="finalize-reasons"
              items={stats.finalizeReasons}
              words={REASON_WORDS}
              empty="No family has stopped yet."
            />
            <FrequencyBars title="Bias tags" testId="bias-tags" items={stats.biasTags} empty="No bias tags flagged." />
          </div>
          {loops.length > 0 ? (
            <LoopsTable loops={loops} />
          ) : (
            <EmptyState title="No more loops" description="This page is past the last loop; go back to the first." />
          )}
          <div className="flex gap-2">
            {search.cursor ? (
              <Button asChild variant="ghost">
                <Link href={loopsHref(search)}>Back to newest</Link>
              </Button>
            ) : null}
            {nextCursor ? (
              <Button asChild variant="outline">
                <Link href={loopsHref(search, nextCursor)}>Load more</Link>
              </Button>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}

import { FileDown } from "lucide-react";
import Link from "next/link";
import { BudgetNotice } from "@/components/budgets/budget-notice";
import { LedgerEventsTable } from "@/components/ledger/ledger-events-table";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { AgentCounts } from "@/db/queries/agents";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { AgentRow, LedgerEventRow } from "@/db/types";
import type { BudgetBody } from "@/lib/budgets/budget-schemas";
import type { ProductionServes } from "@/lib/environments/production-serves";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { AgentDashboardData } from "@/lib/traces/server/load-agent-dashboard";
import { AgentDashboardSection } from "../dashboard/agent-dashboard";
import { ProductionVersionStat } from "./production-version-stat";

interface AgentOverviewProps {
  agent: AgentRow;
  counts: AgentCounts;
  /** What production serves and the latest draft: "Config version" alone read as what customers get. */
  served: ProductionServes;
  recentChanges: LedgerEventRow[];
  /** The budget and today's and this month's spend: a notice once a period passed 80%. */
  budget: BudgetBody;
  /** Streamed in after the rest of the page (see AgentDashboardSection). */
  dashboard: Promise<AgentDashboardData>;
}

export function AgentOverview({ agent, counts, served, recentChanges, budget, dashboard }: AgentOverviewProps) {
  const base = `/agents/${agent.key}`;
  return (
    <>
      <PageHeader
        title={agent.name}
        description={agent.description}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/v1/agents/${agent.key}/export`} download={`${agent.key}.bundle.json`}>
              <FileDown aria-hidden />
              Export bundle
            </a>
          </Button>
        }
        breadcrumb={
          <span className="inline-flex items-center gap-1">
            <Link href="/agents">Agents</Link> › <Mono>{agent.key}</Mono>
            <CopyButton value={agent.key} label="agent key" />
          </span>
        }
      />
      <BudgetNotice agentKey={agent.key} budget={budget} />
      <section aria-label="Configuration" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <ProductionVersionStat agentKey={agent.key} served={served} />
        <Stat label="Rules" value={<Link href={`${base}/rules`}>{counts.rules}</Link>} />
        <Stat label="Scenarios" value={<Link href={`${base}/scenarios`}>{counts.scenarios}</Link>} />
        <Stat label="Tools" value={<Link href={`${base}/tools`}>{counts.tools}</Link>} />
        <Stat label="Profile fields" value={<Link href={`${base}/fields`}>{counts.profileFields}</Link>} />
        <Stat label="Response variables" value={<Link href={`${base}/fields`}>{counts.variables}</Link>} />
        <Stat label="Sessions" value={counts.sessions} />
        <Stat label="Turns" value={counts.turns} />
      </section>
      <AgentDashboardSection agentKey={agent.key} data={dashboard} />
      <Card>
        <CardHeader>
          <CardTitle>Last changes</CardTitle>
          <CardDescription>
            From the ledger: every import and edit of this agent, newest first.{" "}
            <Link href="/ledger" className="underline">
              Open the whole ledger
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {recentChanges.length === 0 ? (
            <EmptyState title="No changes recorded" description="Changes appear here after an import or an edit." />
          ) : (
            <LedgerEventsTable events={recentChanges} />
          )}
        </CardContent>
      </Card>
    </>
  );
}

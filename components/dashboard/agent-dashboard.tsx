import Link from "next/link";
import { Suspense } from "react";
import { ChoiceLinks } from "@/components/ui/choice-links";
import { Skeleton } from "@/components/ui/skeleton";
import { reviewQueueHref } from "@/lib/reviews/review-href";
import { DASHBOARD_DAYS } from "@/lib/traces/dashboard-series";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { AgentDashboardData } from "@/lib/traces/server/load-agent-dashboard";
import { tracesHref } from "@/lib/traces/trace-search";
import { CostByDay } from "./cost-by-day";
import { DashboardCard } from "./dashboard-card";
import { HandoffRates } from "./handoff-rates";
import { InputSafetyCountsList } from "./input-safety-counts";
import { IntentHeatmap } from "./intent-heatmap";
import { ModelCallsHistogram } from "./model-calls-histogram";
import { OutcomesChart } from "./outcomes-chart";
import { ResolutionRates } from "./resolution-rates";
import { RuleCounts } from "./rule-counts";

function WindowPicker({ agentKey, days }: { agentKey: string; days: number }) {
  return (
    <ChoiceLinks
      label="Dashboard window"
      choices={DASHBOARD_DAYS.map((d) => ({
        value: String(d),
        label: `${d} days`,
        href: `/agents/${encodeURIComponent(agentKey)}?days=${d}`,
      }))}
      current={String(days)}
      keepScroll
    />
  );
}

async function LoadedDashboard({ agentKey, data }: { agentKey: string; data: Promise<AgentDashboardData> }) {
  return <AgentDashboard agentKey={agentKey} data={await data} />;
}

/**
 * The dashboard streamed after the rest of the agent page: closed days come from rollups (~40 ms
 * for a big agent's 14 days), but the first load after a day closes rolls that day up from its turns
 * (~0.8 s for 36,000 turns, bench/traces-bench.ts), and the counts and last changes need not wait.
 */
export function AgentDashboardSection({ agentKey, data }: { agentKey: string; data: Promise<AgentDashboardData> }) {
  return (
    <Suspense
      fallback={
        <section aria-busy="true" aria-label="Dashboard loading" className="grid grid-cols-1 gap-3 xl:grid-cols-2">
          {["outcomes", "intents", "fired", "violations"].map((name) => (
            <Skeleton key={name} className="h-48" />
          ))}
        </section>
      }
    >
      <LoadedDashboard agentKey={agentKey} data={data} />
    </Suspense>
  );
}

/** The agent dashboard over the last N UTC days; every panel says how to fill it when empty. */
function AgentDashboard({ agentKey, data }: { agentKey: string; data: AgentDashboardData }) {
  const noTurns = data.turns === 0 ? `No turns in the last ${data.days} days.` : undefined;
  // A window without turns empties every panel drawn from them with one reason; else the panel's own.
  const emptyWhen = (nothing: boolean, why: string) => noTurns ?? (nothing ? why : undefined);
  return (
    <section aria-labelledby="dashboard-title" data-testid="agent-dashboard" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-title" className="font-semibold text-sm">
          Last {data.days} days (UTC): {data.turns.toLocaleString("en-US")} turns{" "}
          <Link href={tracesHref(agentKey, {})} className="font-normal text-muted-foreground text-xs underline">
            open Traces
          </Link>
        </h2>
        <WindowPicker agentKey={agentKey} days={data.days} />
      </div>
      {noTurns ? (
        <p className="text-muted-foreground text-sm">
          Every panel fills from the agent's turns: chat in the{" "}
          <Link href={`/agents/${encodeURIComponent(agentKey)}/sandbox`} className="underline">
            Sandbox
          </Link>
          , or send turns with <span className="font-mono">POST /api/v1/sessions/{"{id}"}/turns</span>.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        <DashboardCard
          title="Outcomes over time"
          description="Turns per day, stacked by outcome."
          empty={noTurns}
          testId="dashboard-outcomes"
        >
          <OutcomesChart days={data.outcomes} />
        </DashboardCard>
        <DashboardCard
          title="Model calls per turn"
          description="How many provider calls each turn made: generation, judges and regenerations."
          empty={noTurns}
          testId="dashboard-model-calls"
        >
          <ModelCallsHistogram buckets={data.modelCalls} />
        </DashboardCard>
        <DashboardCard
          title="Intent heatmap"
          description="Turns per day by the intent of the scenario each turn was routed to."
          empty={noTurns}
          testId="dashboard-intents"
          className="xl:col-span-2"
        >
          <IntentHeatmap data={data.intents} />
        </DashboardCard>
        <DashboardCard
          title="Top fired rules"
          description="Rules matched and applied, by the turns they fired in."
          empty={emptyWhen(
            data.firedRules.length === 0,
            "No rule fired in this window: no turn matched a rule's condition.",
          )}
          testId="dashboard-fired-rules"
        >
          <RuleCounts agentKey={agentKey} rules={data.firedRules} filter="fired" barClassName="bg-chart-1" />
        </DashboardCard>
        <DashboardCard
          title="Violations by rule"
          description="Drafts caught by enforcement, by the rule they broke (regenerated or replaced before shipping)."
          empty={emptyWhen(
            data.violatedRules.length === 0,
            "No violations in this window: every first draft passed enforcement.",
          )}
          testId="dashboard-violations"
        >
          <RuleCounts agentKey={agentKey} rules={data.violatedRules} filter="violation" barClassName="bg-danger" />
        </DashboardCard>
        <DashboardCard
          title="Resolution rate"
          description="Reviewed sessions marked resolved, per config version of their last turn (every review, not only this window)."
          empty={
            data.resolution.length === 0 ? (
              <>
                No session reviewed yet: label sessions on the{" "}
                <Link href={reviewQueueHref(agentKey)} className="underline">
                  Reviews
                </Link>{" "}
                page.
              </>
            ) : undefined
          }
          testId="dashboard-resolution"
        >
          <ResolutionRates agentKey={agentKey} rows={data.resolution} />
        </DashboardCard>
        <DashboardCard
          title="Handoff rate"
          description="Sessions a turn handed to a person, of the sessions the agent answered, per config version (this window)."
          empty={emptyWhen(
            data.handoffs.length === 0,
            "No session in this window: the rate shows once the agent answers.",
          )}
          testId="dashboard-handoffs"
        >
          <HandoffRates rows={data.handoffs} />
        </DashboardCard>
        <DashboardCard
          title="Input safety"
          description="Customer messages read for prompt injection, jailbreaks and abuse in this window: flagged, unsure, and what the turn did."
          empty={emptyWhen(
            data.inputSafety.read === 0,
            "No message read in this window: input safety is off, or the agent has not answered yet.",
          )}
          testId="dashboard-input-safety"
        >
          <InputSafetyCountsList agentKey={agentKey} counts={data.inputSafety} />
        </DashboardCard>
        <DashboardCard
          title="Cost"
          description={
            <>
              What the turns' model tokens cost per UTC day at the agent's prices, and a conversation on average.{" "}
              <Link href={`/agents/${encodeURIComponent(agentKey)}/settings#budget`} className="underline">
                Budget
              </Link>
            </>
          }
          empty={noTurns}
          testId="dashboard-cost"
          className="xl:col-span-2"
        >
          <CostByDay cost={data.cost} />
        </DashboardCard>
      </div>
    </section>
  );
}

import "server-only";
import { listRules } from "@/db/queries/agent-config";
import { listScenarioNames } from "@/db/queries/scenarios";
import { listTraces } from "@/db/queries/traces";
import type { AgentRow, DbOrTx } from "@/db/types";
import { OFFLINE_PROVIDER_NAME } from "@/lib/providers/offline/provider";
import { OPENAI_PROVIDER_NAME } from "@/lib/providers/openai/provider";
import { dayRange } from "@/lib/text/url-filters";
import type { TraceSearch } from "@/lib/traces/trace-search";

export interface TraceOptions {
  rules: { id: string; key: string; name: string }[];
  scenarios: { id: string; name: string }[];
  providers: string[];
}

/** One page of an agent's traces for the URL's filters, and what the filter form offers. */
export async function loadTracesPage(db: DbOrTx, agent: Pick<AgentRow, "id">, search: TraceSearch) {
  const [ruleRows, scenarioRows, page] = await Promise.all([
    listRules(db, agent.id),
    listScenarioNames(db, agent.id),
    listTraces(
      db,
      {
        agentId: agent.id,
        sessionId: search.session,
        outcome: search.outcome,
        scenarioId: search.scenario,
        firedRuleId: search.fired,
        violation: search.violation,
        provider: search.provider,
        text: search.q,
        ...dayRange(search),
      },
      { cursor: search.cursor },
    ),
  ]);
  // The two providers the host can run; a provider named in the URL stays selectable (a past one).
  const providers = [OFFLINE_PROVIDER_NAME, OPENAI_PROVIDER_NAME];
  if (search.provider && !providers.includes(search.provider)) providers.push(search.provider);
  const options: TraceOptions = {
    rules: ruleRows.map((r) => ({ id: r.id, key: r.key, name: r.name })),
    scenarios: scenarioRows,
    providers,
  };
  return { rows: page.rows, nextCursor: page.nextCursor, options };
}

export type TracesPageData = Awaited<ReturnType<typeof loadTracesPage>>;

import type { Metadata } from "next";
import { RolloutPanel, WINDOWS, type WindowKey } from "@/components/rollout/rollout-panel";
import { rolloutTurns } from "@/db/queries/conversations";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import { env } from "@/lib/env";
import { definePage, requireAgentOperator, requirePageAgent } from "@/lib/server/access/agent-page";
import { getDb } from "@/lib/server/db";
import { compareRollout, computeRolloutMetrics, type RolloutTurn } from "@/lib/turns/rollout-metrics";

export const metadata: Metadata = { title: "Continuity rollout" };

async function RolloutPage({
  params,
  searchParams,
}: {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ window?: string }>;
}) {
  await requireAgentOperator((await params).key);
  const db = await getDb();
  const agent = await requirePageAgent((await params).key);
  const requested = (await searchParams).window;
  const windowKey: WindowKey = requested && requested in WINDOWS ? (requested as WindowKey) : "24h";
  const span = WINDOWS[windowKey];
  const to = new Date();
  const from = new Date(to.getTime() - span);
  const baselineFrom = new Date(from.getTime() - span);
  const toRollout = (rows: Awaited<ReturnType<typeof rolloutTurns>>): RolloutTurn[] =>
    rows.map((r) => ({ ...r, routed: r.scenarioId !== null, continuity: r.continuity as RolloutTurn["continuity"] }));
  const [windowRows, baselineRows] = await Promise.all([
    rolloutTurns(db, agent.id, from, to),
    rolloutTurns(db, agent.id, baselineFrom, from),
  ]);
  const settings = resolveAgentSettings(agent.settings).continuity;
  const window = computeRolloutMetrics(toRollout(windowRows));
  const baseline = computeRolloutMetrics(toRollout(baselineRows));
  return (
    <RolloutPanel
      agent={{ key: agent.key, name: agent.name }}
      windowKey={windowKey}
      range={{
        from: from.toISOString(),
        to: to.toISOString(),
        baselineFrom: baselineFrom.toISOString(),
      }}
      window={window}
      baseline={baseline}
      checks={compareRollout(window, baseline, settings)}
      flagOn={env().NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED}
      agentEnabled={settings.enabled}
    />
  );
}

export default definePage(RolloutPage);

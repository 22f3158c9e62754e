import "server-only";
import { MODEL_CALLS_CAP, TOP_INTENTS, topRules, turnCountsByDay } from "@/db/queries/trace-dashboard";
import type { DbOrTx } from "@/db/types";
import {
  type DashboardDays,
  dayKeys,
  intentHeatmap,
  modelCallBuckets,
  outcomeDays,
  windowStart,
} from "@/lib/traces/dashboard-series";

/** The agent dashboard over the last `days` UTC days (today included), shaped for drawing. */
export async function loadAgentDashboard(db: DbOrTx, agentId: string, days: DashboardDays, now = new Date()) {
  const since = windowStart(now, days);
  const window = { agentId, since };
  // Two passes over the window, side by side: the counts, and the rule ids unnested.
  const [counts, rules] = await Promise.all([turnCountsByDay(db, window), topRules(db, window)]);
  const dayList = dayKeys(since, days);
  const byDay = outcomeDays(dayList, counts);
  return {
    days,
    turns: byDay.reduce((sum, d) => sum + d.total, 0),
    outcomes: byDay,
    intents: intentHeatmap(dayList, counts, TOP_INTENTS),
    firedRules: rules.fired,
    violatedRules: rules.violated,
    modelCalls: modelCallBuckets(counts, MODEL_CALLS_CAP),
  };
}

export type AgentDashboardData = Awaited<ReturnType<typeof loadAgentDashboard>>;

import "server-only";
import { rolledDays } from "@/db/queries/dashboard-rollups";
import { inputSafetyCounts } from "@/db/queries/input-safety-counts";
import { MODEL_CALLS_CAP, TOP_INTENTS, topRules, turnCountsByDay } from "@/db/queries/trace-dashboard";
import { type UsageSums, usageSums } from "@/db/queries/usage";
import type { Database } from "@/db/types";
import { loadHandoffRates } from "@/lib/handoffs/server/handoff-rates";
import { loadResolutionRates } from "@/lib/reviews/server/resolution-rates";
import {
  type DashboardDays,
  dayKeys,
  intentHeatmap,
  modelCallBuckets,
  outcomeDays,
  windowStart,
} from "@/lib/traces/dashboard-series";
import { rolledRange } from "@/lib/usage/server/rolled-range";

// A turn's created_at is the start of its persist transaction, so a turn stamped 23:59:59 may commit
// a little after midnight. A day is rolled up only an hour after it ends: far beyond any turn's
// commit delay (seconds under load), and it costs counting yesterday live for the first hour of a day.
const ROLLUP_GRACE_MS = 60 * 60 * 1000;

/** The UTC midnight before which every day of the window is closed (ended ROLLUP_GRACE_MS ago). */
export function closedBefore(now: Date): Date {
  const cutoff = new Date(now.getTime() - ROLLUP_GRACE_MS);
  return new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), cutoff.getUTCDate()));
}

/** What each day of the window cost, and a conversation on average over the whole window. */
function costSeries(days: string[], byDay: UsageSums[], total: UsageSums | undefined) {
  const cost = new Map(byDay.map((row) => [row.key, row]));
  const conversations = total?.conversations ?? 0;
  return {
    days: days.map((day) => ({
      day,
      usd: cost.get(day)?.costUsd ?? 0,
      conversations: cost.get(day)?.conversations ?? 0,
    })),
    totalUsd: total?.costUsd ?? 0,
    perConversationUsd: conversations > 0 ? (total?.costUsd ?? 0) / conversations : null,
    unpricedTurns: total?.unpricedTurns ?? 0,
  };
}

/**
 * The agent dashboard over the last `days` UTC days (today included), shaped for drawing. It only
 * reads: closed days the `dashboard.rollup` job has rolled up come from the rollups, and from the
 * first closed day not rolled yet on, turns are counted live (today always is).
 */
export async function loadAgentDashboard(db: Database, agentId: string, days: DashboardDays, now = new Date()) {
  const since = windowStart(now, days);
  const dayList = dayKeys(since, days);
  const closed = closedBefore(now);
  const liveSince = new Date(Math.max(closed.getTime(), since.getTime()));
  const closedDays = dayList.filter((day) => new Date(`${day}T00:00:00.000Z`) < liveSince);
  const done = await rolledDays(db, agentId, closedDays);
  const firstUnrolled = closedDays.find((day) => !done.has(day));
  const window = {
    agentId,
    since,
    liveSince: firstUnrolled ? new Date(`${firstUnrolled}T00:00:00.000Z`) : liveSince,
  };
  // Cost per day reads GET …/usage's rollup (usage.rollup), not the dashboard's: one sum, one answer.
  const usageWindow = { from: since, to: now };
  const usageRolled = await rolledRange(db, agentId, usageWindow, now);
  const [counts, rules, resolution, handoffs, inputSafety, cost] = await Promise.all([
    turnCountsByDay(db, window),
    topRules(db, window),
    loadResolutionRates(db, agentId),
    loadHandoffRates(db, agentId, since),
    inputSafetyCounts(db, agentId, since),
    usageSums(db, agentId, usageWindow, "day", usageRolled),
  ]);
  const byDay = outcomeDays(dayList, counts);
  return {
    days,
    turns: byDay.reduce((sum, d) => sum + d.total, 0),
    outcomes: byDay,
    intents: intentHeatmap(dayList, counts, TOP_INTENTS),
    firedRules: rules.fired,
    violatedRules: rules.violated,
    modelCalls: modelCallBuckets(counts, MODEL_CALLS_CAP),
    /** Reviews (docs/reviews.md): every labelled session, not only the window's, per config version. */
    resolution,
    /** Handoffs (docs/handoffs.md#the-handoff-rate): sessions handed to a person per config version, in the window. */
    handoffs,
    /** Input safety (docs/input-safety.md): messages read in the window, by verdict and by what the turn did. */
    inputSafety,
    /** Cost (docs/budgets.md): per UTC day, and per conversation over the window. */
    cost: costSeries(dayList, cost.rows, cost.total),
  };
}

export type AgentDashboardData = Awaited<ReturnType<typeof loadAgentDashboard>>;

import { TURN_OUTCOMES, type TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";

// The agent dashboard's query rows shaped for drawing (client-safe, pure): every day of the window
// present even when it had no turns, so the bars and the heatmap columns line up with the calendar.

// 7, 14 or 30 days: a week, a sprint, a month; 30 heatmap columns still fit a 1024 px screen.
export const DASHBOARD_DAYS = [7, 14, 30] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];
const DEFAULT_DASHBOARD_DAYS: DashboardDays = 14;

export function parseDashboardDays(value: string | string[] | undefined): DashboardDays {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return DASHBOARD_DAYS.find((d) => d === n) ?? DEFAULT_DASHBOARD_DAYS;
}

/** The first UTC midnight of a window of `days` calendar days ending today (today included). */
export function windowStart(now: Date, days: number): Date {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start;
}

/** "YYYY-MM-DD" of each day from `start`, `days` of them. */
export function dayKeys(start: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(start);
    day.setUTCDate(day.getUTCDate() + i);
    return day.toISOString().slice(0, 10);
  });
}

export interface OutcomeDay {
  day: string;
  counts: Record<TurnOutcomeKind, number>;
  total: number;
}

const zeroCounts = () => Object.fromEntries(TURN_OUTCOMES.map((o) => [o, 0])) as Record<TurnOutcomeKind, number>;

export function outcomeDays(days: string[], rows: { day: string; outcome: TurnOutcomeKind; n: number }[]) {
  const byDay = new Map(days.map((day): [string, OutcomeDay] => [day, { day, counts: zeroCounts(), total: 0 }]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.counts[row.outcome] += row.n;
    entry.total += row.n;
  }
  return [...byDay.values()];
}

export interface IntentRow {
  /** The scenario's intent_label; null for turns no scenario took; "other" sums the rest. */
  intent: string | null;
  kind: "intent" | "unrouted" | "other";
  cells: number[];
  total: number;
}

export interface IntentHeatmap {
  days: string[];
  rows: IntentRow[];
  /** The largest cell: the shade scale's top. */
  max: number;
}

/** Intent × day counts: the `top` busiest intents, then the rest summed, then turns with no intent. */
export function intentHeatmap(
  days: string[],
  rows: { intent: string | null; day: string; n: number }[],
  top: number,
): IntentHeatmap {
  const column = new Map(days.map((day, i) => [day, i]));
  const byIntent = new Map<string | null, IntentRow>();
  for (const row of rows) {
    const i = column.get(row.day);
    if (i === undefined) continue;
    const intent = row.intent === "" ? null : row.intent;
    let entry = byIntent.get(intent);
    if (!entry) {
      entry = { intent, kind: intent === null ? "unrouted" : "intent", cells: days.map(() => 0), total: 0 };
      byIntent.set(intent, entry);
    }
    entry.cells[i] = (entry.cells[i] ?? 0) + row.n;
    entry.total += row.n;
  }
  const unrouted = byIntent.get(null);
  const named = [...byIntent.values()]
    .filter((r) => r.kind === "intent")
    .sort((a, b) => b.total - a.total || String(a.intent).localeCompare(String(b.intent)));
  const shown = named.slice(0, top);
  const rest = named.slice(top);
  const result = [...shown];
  if (rest.length > 0) {
    result.push({
      intent: `${rest.length} other intents`,
      kind: "other",
      cells: days.map((_, i) => rest.reduce((sum, r) => sum + (r.cells[i] ?? 0), 0)),
      total: rest.reduce((sum, r) => sum + r.total, 0),
    });
  }
  if (unrouted) result.push(unrouted);
  return { days, rows: result, max: Math.max(0, ...result.flatMap((r) => r.cells)) };
}

/** Every bucket 0 … cap present (cap meaning "cap or more"), so the histogram's axis is fixed. */
export function modelCallBuckets(rows: { calls: number; n: number }[], cap: number) {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.calls, (counts.get(row.calls) ?? 0) + row.n);
  return Array.from({ length: cap + 1 }, (_, calls) => ({
    calls,
    label: calls === cap ? `${cap}+` : String(calls),
    n: counts.get(calls) ?? 0,
  }));
}

import "server-only";
import type { RolledRange } from "@/db/queries/usage";
import { usageRolledDaysIn } from "@/db/queries/usage-rollups";
import type { DbOrTx } from "@/db/types";

const DAY_MS = 86_400_000;

// A turn's created_at is the start of its persist transaction, so a turn stamped 23:59:59 may commit
// a little after midnight (seconds under load). A day is rolled up only an hour after it ends, the
// dashboard's grace too: a late turn is always in its day's rollup, and until then the day is summed live.
const ROLLUP_GRACE_MS = 60 * 60 * 1000;

/** The UTC midnight before which every day is closed (ended ROLLUP_GRACE_MS ago) and may be rolled. */
export function usageClosedBefore(now: Date): Date {
  const cutoff = new Date(now.getTime() - ROLLUP_GRACE_MS);
  return new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), cutoff.getUTCDate()));
}

const dayText = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The longest run of whole UTC days inside the window that are closed and rolled up (the job rolls
 * newest first, so a backfill in progress leaves older days unrolled: they are summed live, as are the
 * window's partial first and last days and today). Null when no day qualifies.
 */
export async function rolledRange(
  db: DbOrTx,
  agentId: string,
  window: { from: Date; to: Date },
  now: Date,
): Promise<RolledRange | null> {
  const first = Math.ceil(window.from.getTime() / DAY_MS) * DAY_MS;
  const end = Math.min(Math.floor(window.to.getTime() / DAY_MS) * DAY_MS, usageClosedBefore(now).getTime());
  if (end <= first) return null;
  const rolled = await usageRolledDaysIn(db, agentId, dayText(new Date(first)), dayText(new Date(end)));
  let best: RolledRange | null = null;
  let bestDays = 0;
  let runStart = first;
  for (let day = first; day <= end; day += DAY_MS) {
    if (day < end && rolled.has(dayText(new Date(day)))) continue;
    const days = (day - runStart) / DAY_MS;
    if (days > bestDays) {
      best = { from: dayText(new Date(runStart)), to: dayText(new Date(day)) };
      bestDays = days;
    }
    runStart = day + DAY_MS;
  }
  return best;
}

import "server-only";
import type { RolledRange } from "@/db/queries/usage";
import { usageRolledHoursIn } from "@/db/queries/usage-rollups";
import type { DbOrTx } from "@/db/types";

export const HOUR_MS = 3_600_000;

// A turn's created_at is the start of its persist transaction, so a turn stamped 10:59:59 may commit a
// little after 11:00 (seconds under load; a transaction waits at most 5 s for a connection). An hour is
// rolled up only 15 minutes after it ends: a late turn is always in its hour's rollup, and until then
// the hour is summed live. With the job every 10 minutes, at most the last ~1.4 hours are summed live.
const ROLLUP_GRACE_MS = 15 * 60_000;

/** The UTC hour before which every hour is closed (ended ROLLUP_GRACE_MS ago) and may be rolled. */
export function usageClosedBefore(now: Date): Date {
  return new Date(Math.floor((now.getTime() - ROLLUP_GRACE_MS) / HOUR_MS) * HOUR_MS);
}

/**
 * The longest run of whole UTC hours inside the window that are closed and rolled up (the job rolls
 * newest first, so a backfill in progress leaves older hours unrolled: they are summed live, as are the
 * window's partial first and last hours and the latest hour or two). Null when no hour qualifies.
 */
export async function rolledRange(
  db: DbOrTx,
  agentId: string,
  window: { from: Date; to: Date },
  now: Date,
): Promise<RolledRange | null> {
  const first = Math.ceil(window.from.getTime() / HOUR_MS) * HOUR_MS;
  const end = Math.min(Math.floor(window.to.getTime() / HOUR_MS) * HOUR_MS, usageClosedBefore(now).getTime());
  if (end <= first) return null;
  const rolled = await usageRolledHoursIn(db, agentId, new Date(first), new Date(end));
  let best: RolledRange | null = null;
  let bestHours = 0;
  let runStart = first;
  for (let hour = first; hour <= end; hour += HOUR_MS) {
    if (hour < end && rolled.has(hour)) continue;
    const hours = (hour - runStart) / HOUR_MS;
    if (hours > bestHours) {
      best = { from: new Date(runStart), to: new Date(hour) };
      bestHours = hours;
    }
    runStart = hour + HOUR_MS;
  }
  return best;
}

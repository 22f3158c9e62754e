import { z } from "zod";

// Shared by the list pages whose filters live in the URL (traces explorer, Loops dashboard).

/** A day filter (?from=2026-01-02): YYYY-MM-DD of a real date, dropped (not an error page) otherwise. */
export const urlDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/** Days → [from 00:00 UTC, to + 1 day 00:00 UTC): "to" names the last day included. */
export function dayRange(days: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const to = days.to ? new Date(`${days.to}T00:00:00Z`) : undefined;
  if (to) to.setUTCDate(to.getUTCDate() + 1);
  return { from: days.from ? new Date(`${days.from}T00:00:00Z`) : undefined, to };
}

/** The query string of the filters under `keys` that are set, then the cursor of the next page. */
export function filterQuery<K extends string>(
  search: Partial<Record<K, string>>,
  keys: readonly K[],
  cursor?: string,
): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

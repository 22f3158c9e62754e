import { z } from "zod";
import { isPostgresTimestamp } from "@/lib/text/postgres-timestamp";
import { dayRange, filterQuery, urlDay } from "@/lib/text/url-filters";

// The Loops dashboard's filters live in the URL: ?kind=&agent=&ff=&echo=&overridden=&from=&to=
// plus ?cursor= for keyset "load more". A value that does not parse is ignored, not an error page.

const yesNo = z.enum(["yes", "no"]).optional().catch(undefined);

export const LoopSearch = z.object({
  kind: z.enum(["external", "turn"]).optional().catch(undefined),
  agent: z.string().min(1).max(64).optional().catch(undefined),
  ff: yesNo,
  echo: yesNo,
  overridden: yesNo,
  from: urlDay,
  to: urlDay,
  cursor: z.string().max(200).optional().catch(undefined),
});
export type LoopSearch = z.infer<typeof LoopSearch>;

const FILTER_KEYS = ["kind", "agent", "ff", "echo", "overridden", "from", "to"] as const;

/** Next.js searchParams (a value may repeat) → the filters, first value of each key. */
export function parseLoopSearch(params: Record<string, string | string[] | undefined>): LoopSearch {
  const first = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value || undefined]),
  );
  return LoopSearch.parse(first);
}

export function hasFilters(search: LoopSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The dashboard URL for these filters (and a cursor for the next page). */
export function loopsHref(search: LoopSearch, cursor?: string): string {
  const query = filterQuery(search, FILTER_KEYS, cursor);
  return query ? `/loops?${query}` : "/loops";
}

const flag = (value: "yes" | "no" | undefined) => (value === undefined ? undefined : value === "yes");

/** The filters as the query reads them: yes/no → booleans, days → [from 00:00 UTC, to + 1 day 00:00 UTC). */
export function loopFilterOf(search: LoopSearch, agentId?: string) {
  return {
    kind: search.kind,
    agentId,
    forceFinalized: flag(search.ff),
    biasEcho: flag(search.echo),
    overridden: flag(search.overridden),
    ...dayRange(search),
  };
}

// created_at as PostgreSQL prints a timestamptz (DateStyle ISO): "2026-01-02 03:04:05.678901+00".
// The id is a UUID in its hyphenated form: 36 dashes once matched "[0-9a-f-]{36}" and failed in the query.
const CURSOR = /^([^~]{1,40})~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Cursor text: the last row's created_at (as PostgreSQL prints it) and id. */
export function encodeLoopCursor(cursor: { createdAt: string; id: string }): string {
  return `${cursor.createdAt}~${cursor.id}`;
}

export function decodeLoopCursor(text: string | undefined): { createdAt: string; id: string } | undefined {
  const match = text ? CURSOR.exec(text) : null;
  if (!match?.[1] || !match[2] || !isPostgresTimestamp(match[1])) return undefined;
  return { createdAt: match[1], id: match[2] };
}

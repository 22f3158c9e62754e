import { z } from "zod";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import { filterQuery, urlDay } from "@/lib/text/url-filters";

// The traces explorer's filters live in the URL: a GET form writes them, links carry them,
// a filtered view can be bookmarked. ?session=&outcome=&scenario=&fired=&violation=&provider=&from=&to=&q=
// plus ?cursor= for keyset "load more". A value that does not parse is dropped, not an error page.

const uuid = z.uuid().optional().catch(undefined);

export const TraceSearch = z.object({
  session: uuid,
  outcome: z.enum(TURN_OUTCOMES).optional().catch(undefined),
  scenario: uuid,
  fired: uuid,
  /** A rule id, or "any" for any violation. */
  violation: z
    .union([z.literal("any"), z.uuid()])
    .optional()
    .catch(undefined),
  provider: z.string().trim().min(1).max(64).optional().catch(undefined),
  from: urlDay,
  to: urlDay,
  // 200 characters: longer than any phrase worth searching for, short enough for a URL.
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
});
export type TraceSearch = z.infer<typeof TraceSearch>;

const TRACE_FILTER_KEYS = [
  "session",
  "outcome",
  "scenario",
  "fired",
  "violation",
  "provider",
  "from",
  "to",
  "q",
] as const;

/** Next.js searchParams (a value may repeat) → the filters, first non-empty value of each key. */
export function parseTraceSearch(params: Record<string, string | string[] | undefined>): TraceSearch {
  const first = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, (Array.isArray(value) ? value[0] : value) || undefined]),
  );
  return TraceSearch.parse(first);
}

export function hasTraceFilters(search: TraceSearch): boolean {
  return TRACE_FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The traces URL of an agent for these filters (and a cursor for the next page). */
export function tracesHref(agentKey: string, search: Partial<TraceSearch>, cursor?: string): string {
  const query = filterQuery(search, TRACE_FILTER_KEYS, cursor);
  return `/agents/${encodeURIComponent(agentKey)}/traces${query ? `?${query}` : ""}`;
}

export function turnHref(agentKey: string, turnId: string): string {
  return `/agents/${encodeURIComponent(agentKey)}/traces/${turnId}`;
}

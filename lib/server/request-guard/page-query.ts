import { z } from "zod";
import { decodeTraceCursor } from "@/db/queries/trace-cursor";
import { decodeLoopCursor } from "@/lib/loops/loop-filters";
import { type FieldIssue, formatPath } from "../errors";

// Every cursor, `before` and page parameter of a page that reaches a query, parsed by a schema before
// the page runs: "?before=99999999999999999999" (past bigint), a traces cursor naming 31 February, or
// a loops cursor of 36 dashes were 500s from PostgreSQL, with the query and its values in the log.
// An empty value is no value; other parameters are the pages' own filters, which drop what they cannot read.

const absentWhenEmpty = (schema: z.ZodType) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

// Ledger and config sequence numbers are bigint rows counted from 1; 15 digits stays a safe JS integer.
const BeforeSeq = absentWhenEmpty(
  z.string().regex(/^[1-9]\d{0,14}$/, "must be a sequence number: a whole number from 1 to 15 digits"),
);
const CURSOR_MESSAGE = "is not a position in this list (it may have been cut or edited); open the first page";
const TraceCursor = absentWhenEmpty(z.string().refine((text) => decodeTraceCursor(text) !== undefined, CURSOR_MESSAGE));
const LoopCursor = absentWhenEmpty(z.string().refine((text) => decodeLoopCursor(text) !== undefined, CURSOR_MESSAGE));

const PAGE_QUERIES: { path: RegExp; query: z.ZodObject }[] = [
  { path: /^\/ledger\/?$/, query: z.looseObject({ before: BeforeSeq }) },
  { path: /^\/agents\/[^/]+\/history\/?$/, query: z.looseObject({ before: BeforeSeq }) },
  { path: /^\/agents\/[^/]+\/traces\/?$/, query: z.looseObject({ cursor: TraceCursor }) },
  { path: /^\/loops\/?$/, query: z.looseObject({ cursor: LoopCursor }) },
];

/** The query parameters of a page request that its schema refuses, each named; empty when none. */
export function findBadPageQuery(url: URL): FieldIssue[] {
  const page = PAGE_QUERIES.find((entry) => entry.path.test(url.pathname));
  if (!page) return [];
  // A repeated parameter is refused as a list: the page reads one value.
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  const parsed = page.query.safeParse(query);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: `(query) ${formatPath(issue.path)}`, message: issue.message }));
}

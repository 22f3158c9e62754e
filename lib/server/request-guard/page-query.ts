import { z } from "zod";
import { decodeTraceCursor } from "@/db/queries/trace-cursor";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import { decodeLoopCursor } from "@/lib/loops/loop-filters";
import type { FieldIssue } from "../errors";

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
  return parsed.error.issues.map((issue) => ({
    path: `(query) ${formatIssuePath(issue.path)}`,
    message: issue.message,
  }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The 400 a person sees for such a link (a cut or edited URL): what cannot be read, and a link to the
 * same page without the parameters named, which is the list's first page. Plain HTML, no script.
 */
export function badPageQueryPage(url: URL, issues: FieldIssue[], requestId: string): Response {
  const firstPage = new URL(url);
  for (const issue of issues) firstPage.searchParams.delete(issue.path.replace(/^\(query\) /, ""));
  const href = firstPage.pathname + firstPage.search;
  const items = issues.map((issue) => `<li><code>${escapeHtml(issue.path)}</code>: ${escapeHtml(issue.message)}</li>`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad link · Focal</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1 style="font-size: 1.25rem">This link has a parameter Focal cannot read</h1>
<ul>${items.join("")}</ul>
<p><a href="${escapeHtml(href)}">Open the first page instead</a></p>
<p style="color: #666; font-size: 0.875rem">Request ${escapeHtml(requestId)}</p>
</body></html>`;
  return new Response(html, {
    status: 400,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

import { z } from "zod";
import { EntityKey } from "./bundle-keys";
import { Name, nonBlank, TEXT_LIMITS as T, Text } from "./bundle-text";

/**
 * A knowledge source's text, in characters: a manual uploaded as a file (docs/knowledge.md#uploaded-files),
 * 5 MB of text with room, about 6,000 passages of 1,000 characters; 2,000 dense PDF pages. Pasted text
 * stays under the 1 MiB a JSON body holds; only a file sent as a file reaches this.
 */
export const KNOWLEDGE_SOURCE_MAX_CHARS = 6_000_000;
/** FAQ entries in one source. */
const KNOWLEDGE_FAQ_MAX_ENTRIES = 500;

const BundleFaqEntry = z.strictObject({
  question: z.string().min(1).max(T.description).refine(nonBlank, "Must not be blank"),
  answer: z.string().min(1).max(T.instructions).refine(nonBlank, "Must not be blank"),
  /** A group heading ("Shipping"), kept as the passage's heading path. */
  section: Text(T.name).default(""),
});

/** A URL source's refresh interval: at least hourly, at most every 30 days (720 hours). */
const KNOWLEDGE_REFRESH_HOURS = { min: 1, max: 720 } as const;

/**
 * Knowledge the agent answers from (docs/knowledge.md): pasted text or Markdown, cut into passages by
 * headings and paragraphs, or FAQ entries (one passage each). An uploaded HTML or PDF file keeps its
 * kind, but its `content` is the Markdown it was converted to on save (headings from h1–h6, one
 * "Page N" heading per PDF page): the bundle and the engine only ever hold text. A `url` source keeps
 * its address and refresh interval beside the Markdown its page (or its sitemap's pages) became when
 * last fetched. Scoped like a rule: `scope_ref` null for GLOBAL, a scenario key for SCENARIO,
 * "scenario_key/step_key" for STEP.
 */
export const KnowledgeSourceFields = z.strictObject({
  key: EntityKey,
  title: Name,
  kind: z.enum(["text", "markdown", "faq", "html", "pdf", "url"]),
  content: Text(KNOWLEDGE_SOURCE_MAX_CHARS).default(""),
  entries: z.array(BundleFaqEntry).max(KNOWLEDGE_FAQ_MAX_ENTRIES).default([]),
  scope: z.enum(["GLOBAL", "SCENARIO", "STEP"]).default("GLOBAL"),
  scope_ref: z.string().min(1).max(T.name).nullable().default(null),
  /** kind url: the page or sitemap fetched (through the tool host allow-list). Absent for every other kind. */
  url: z
    .url({ protocol: /^https?$/, error: "Type an http or https URL" })
    .max(T.url, `A URL is at most ${T.url} characters`)
    .optional()
    .describe("kind url: the page or sitemap the source is fetched from (its host on the tool host allow-list)"),
  /** kind url: re-fetched every this many hours by the `knowledge.refresh` job; null or absent: only on demand. */
  refresh_hours: z
    .number()
    .int("Whole hours")
    .min(KNOWLEDGE_REFRESH_HOURS.min, "At least every hour")
    .max(KNOWLEDGE_REFRESH_HOURS.max, "At most every 720 hours (30 days)")
    .nullable()
    .optional()
    .describe("kind url: fetch the URL again every this many hours (1–720); null: only when asked"),
});

/** Every kind but faq carries `content`, faq carries `entries`; each needs its own and not the other. */
export function knowledgeContentFitsKind(
  source: Pick<z.infer<typeof KnowledgeSourceFields>, "kind" | "content" | "url" | "refresh_hours"> & {
    entries: readonly unknown[];
  },
  ctx: z.RefinementCtx,
): void {
  const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (source.kind === "url" && source.url === undefined) problem("url", "A url source needs the URL to fetch");
  if (source.kind !== "url") {
    if (source.url !== undefined) problem("url", "Only a url source takes a url");
    if (source.refresh_hours != null) problem("refresh_hours", "Only a url source is refreshed");
  }
  if (source.kind === "faq") {
    if (source.entries.length === 0) problem("entries", "An FAQ source needs at least one entry");
    if (source.content !== "") problem("content", "An FAQ source has entries, not content");
  } else {
    if (!nonBlank(source.content)) problem("content", "Paste the text the agent should answer from");
    if (source.entries.length > 0) problem("entries", `A ${source.kind} source has content, not entries`);
  }
}

export const BundleKnowledgeSource = KnowledgeSourceFields.superRefine(knowledgeContentFitsKind);

export type BundleKnowledgeSource = z.output<typeof BundleKnowledgeSource>;

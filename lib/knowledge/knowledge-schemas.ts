import { z } from "zod";
import { EntityKey, KnowledgeSourceFields, knowledgeContentFitsKind, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import { KNOWLEDGE_FILE_MAX_BASE64, KNOWLEDGE_FILE_MAX_BYTES, KNOWLEDGE_UPLOAD_MAX_BYTES } from "./knowledge-files";

// Knowledge sources over REST and in the console (docs/knowledge.md): the one source for bodies,
// answers and the OpenAPI document. A source's `id` is its key in the agent's bundle. Client-safe.

/**
 * An uploaded file, converted to Markdown once, on save (docs/knowledge.md#uploaded-files). Beside
 * `content`, not in it: `content` is what the source holds (and what GET answers, and a bundle
 * carries), so a GET sent back as a PUT saves the same source instead of converting the Markdown again.
 */
export const KnowledgeFileFields = {
  html: z
    .string()
    .min(1)
    .max(KNOWLEDGE_FILE_MAX_BYTES, "The HTML is over the 700 KB a file may be")
    .optional()
    .describe("kind html: the page's HTML, converted to Markdown on save (h1–h6 become the passages' heading paths)"),
  pdf_base64: z
    .base64("The PDF must be base64")
    .max(KNOWLEDGE_FILE_MAX_BASE64, "The PDF is over the 700 KB a file may be")
    .optional()
    .describe('kind pdf: the file in base64, converted on save to its text with a "Page N" heading per page'),
};

type KnowledgeInputShape = Pick<
  z.infer<typeof KnowledgeSourceFields>,
  "kind" | "content" | "entries" | "url" | "refresh_hours"
> & {
  html?: string;
  pdf_base64?: string;
};

const FILE_FIELD = { html: "html", pdf: "pdf_base64" } as const;

/**
 * A write's body fits its kind: an html or pdf source sends its file (`html`, `pdf_base64`) or the
 * converted text (`content`, as GET answers it), one of the two; the other kinds as the bundle says.
 */
export function knowledgeInputFitsKind(input: KnowledgeInputShape, ctx: z.RefinementCtx): void {
  const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  for (const [kind, field] of Object.entries(FILE_FIELD)) {
    if (input.kind !== kind && input[field] !== undefined) problem(field, `Only a ${kind} source takes ${field}`);
  }
  if (input.kind === "url" && input.content === "") {
    // Fetched on save (docs/knowledge.md#url-sources); with `content` (a GET sent back) the text is kept as it is.
    if (input.url === undefined) problem("url", "A url source needs the URL to fetch");
    if (input.entries.length > 0) problem("entries", "A url source has a URL, not entries");
    return;
  }
  const field = input.kind === "html" || input.kind === "pdf" ? FILE_FIELD[input.kind] : null;
  if (field === null || input[field] === undefined) {
    if (field !== null && input.content === "" && input.entries.length === 0) {
      problem(field, `A ${input.kind} source needs its file in ${field} (or its converted text in content)`);
      return;
    }
    knowledgeContentFitsKind(input, ctx);
    return;
  }
  if (input.content !== "") problem("content", `Send the file in ${field} or its text in content, not both`);
  if (input.entries.length > 0) problem("entries", `A ${input.kind} source has a file, not entries`);
}

/**
 * A file sent as a file (`POST …/knowledge/files`, multipart/form-data; docs/knowledge.md#uploaded-files):
 * the `file` part (at most 20 MB, counted while it streams in) and the source's text fields beside it.
 * Converted on save like `html` and `pdf_base64`: Markdown and text kept, HTML and PDF converted.
 */
export const KnowledgeFileUpload = z.strictObject({
  title: KnowledgeSourceFields.shape.title,
  kind: z
    .enum(["text", "markdown", "html", "pdf"], "A file is text, markdown, html or pdf")
    .describe("What the file holds: text and markdown are kept as they are, html and pdf converted to Markdown"),
  scope: KnowledgeSourceFields.shape.scope,
  scope_ref: KnowledgeSourceFields.shape.scope_ref,
  key: EntityKey.optional().describe("The source's id; made from the title when left out"),
  file: z
    .instanceof(File, { message: "Attach the file as the form's `file` part" })
    .describe(`The file, at most ${KNOWLEDGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`),
});
export type KnowledgeFileUpload = z.infer<typeof KnowledgeFileUpload>;

/**
 * The impact preview of a file sent as a file (`POST …/knowledge/files/impact-preview`, multipart): the
 * upload's fields, the version the editor was opened on, and the replay window (text fields of the form).
 */
export const KnowledgeFilePreviewForm = KnowledgeFileUpload.extend({
  expected_config_version: z.coerce
    .number()
    .int()
    .min(1)
    .describe("The config_version the draft is made on (the editor's loaded version)"),
  sessions: z.coerce.number().int().min(1).max(2000).default(200).describe("The last sessions replayed, at most"),
  turns: z.coerce.number().int().min(1).max(20_000).default(2000).describe("The last turns replayed, at most"),
});

/** A new source or its replacement: the bundle's fields, the key optional (made from the title), or a file. */
export const KnowledgeSourceInput = KnowledgeSourceFields.extend({
  key: EntityKey.optional().describe("The source's id; made from the title when left out"),
  ...KnowledgeFileFields,
}).superRefine(knowledgeInputFitsKind);
export type KnowledgeSourceInput = z.infer<typeof KnowledgeSourceInput>;

const ConfigVersion = z.number().int().min(1);
const Scope = KnowledgeSourceFields.shape.scope;

const InstructionPassage = z.object({
  passage_id: z.string(),
  heading_path: z.array(z.string()),
  verdict: z.enum(["flagged", "uncertain"]),
  signals: z.array(z.string()).describe("What the input-safety classifier found, strongest first"),
});

/** A url source's last fetch (docs/knowledge.md#url-sources): not configuration, so it makes no version. */
export const KnowledgeSourceFetch = z.object({
  status: z.enum(["ok", "failed"]).describe("How the last fetch went; failed: the source kept its passages"),
  attempted_at: z.iso.datetime().describe("The last fetch, by a save, a refresh or the knowledge.refresh job"),
  fetched_at: z.iso.datetime().nullable().describe("The last fetch that read the URL whole"),
  error: z.string().nullable().describe("Why the last fetch failed, in one sentence; null when it succeeded"),
  sitemap_pages: z.number().int().nullable().describe("The pages a sitemap gave; null for a single page"),
});
export type KnowledgeSourceFetch = z.infer<typeof KnowledgeSourceFetch>;

export const KnowledgeSourceSummary = z.object({
  id: z.string(),
  title: z.string(),
  kind: KnowledgeSourceFields.shape.kind,
  scope: Scope,
  scope_ref: z.string().nullable(),
  passages: z.number().int().describe("How many passages the source was cut into"),
  pages: z.number().int().nullable().describe("A PDF's page count; null for every other kind"),
  instructions: z
    .array(InstructionPassage)
    .describe(
      "The passages input safety reads as instructions to the agent. They stay data the model quotes; the list is for the designer to review",
    ),
  url: z.string().nullable().describe("A url source's address; null for every other kind"),
  refresh_hours: z.number().int().nullable().describe("A url source's refresh interval in hours; null: on demand"),
  fetch: KnowledgeSourceFetch.nullable().describe("A url source's last fetch; null for other kinds"),
});
export type KnowledgeSourceSummary = z.infer<typeof KnowledgeSourceSummary>;

export const KnowledgeSourceList = z.object({
  config_version: ConfigVersion,
  sources: z.array(KnowledgeSourceSummary),
});

export const KnowledgeSourceWritten = KnowledgeSourceSummary.extend({
  config_version: ConfigVersion,
  /** false: the body equals what is stored; nothing was written and the version stayed. */
  changed: z.boolean(),
});
export type KnowledgeSourceWritten = z.infer<typeof KnowledgeSourceWritten>;

export const KnowledgeSourceRefreshed = KnowledgeSourceWritten.extend({
  refreshed: z
    .boolean()
    .describe("false: the fetch failed; the source kept its passages and fetch.error says why (changed is false)"),
});
export type KnowledgeSourceRefreshed = z.infer<typeof KnowledgeSourceRefreshed>;

export const KnowledgeSourceDetail = KnowledgeSourceSummary.extend({
  config_version: ConfigVersion,
  content: z.string(),
  entries: KnowledgeSourceFields.shape.entries,
});

export const KnowledgeSourceDeleted = z.object({
  config_version: ConfigVersion,
  changed: z.literal(true),
  deleted: z.string(),
});

export const KnowledgeSourceParams = z.object({ key: z.string().min(1).max(64), id: z.string().min(1).max(64) });

/** At most this many passages a search answers with. */
export const KNOWLEDGE_SEARCH_MAX_K = 20;

export const KnowledgeSearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, "Type a question to search for")
    .max(TEXT_LIMITS.instructions)
    .describe("The customer's question"),
  k: z.coerce
    .number()
    .int("k is a whole number")
    .min(1, "k is at least 1")
    .max(KNOWLEDGE_SEARCH_MAX_K, `k is at most ${KNOWLEDGE_SEARCH_MAX_K}`)
    .default(5)
    .describe("How many passages (1–20, default 5)"),
});

export const KnowledgeSearchResult = z.object({
  config_version: ConfigVersion,
  passages: z.array(
    z.object({
      id: z.string().describe("sha-256 of the passage's headings and text: the same in every version that has it"),
      source_id: z.string(),
      source_title: z.string(),
      heading_path: z.array(z.string()),
      text: z.string(),
      score: z
        .number()
        .describe("The ranking score (lexical and vector, fused): the order of the passages, not whether they answer"),
    }),
  ),
  answerable: z
    .boolean()
    .describe("Whether the passages answer the question; false: the agent would say it does not know"),
  answerability: z.number().describe("The answerability score in [0, 1] the verdict compares with its threshold"),
  reason: z
    .string()
    .describe(
      "Why the verdict, in one sentence: how much of the question the best passage holds, the words it lacks, and the bar it had to reach (the turn's own verdict)",
    ),
});
export type KnowledgeSearchResult = z.infer<typeof KnowledgeSearchResult>;

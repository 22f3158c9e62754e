import { z } from "zod";
import { EntityKey, KnowledgeSourceFields, knowledgeContentFitsKind, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

// Knowledge sources over REST and in the console (docs/knowledge.md): the one source for bodies,
// answers and the OpenAPI document. A source's `id` is its key in the agent's bundle. Client-safe.

/** A new source or its replacement: the bundle's fields, the key optional (made from the title). */
export const KnowledgeSourceInput = KnowledgeSourceFields.extend({
  key: EntityKey.optional().describe("The source's id; made from the title when left out"),
}).superRefine(knowledgeContentFitsKind);
export type KnowledgeSourceInput = z.infer<typeof KnowledgeSourceInput>;

const ConfigVersion = z.number().int().min(1);
const Scope = KnowledgeSourceFields.shape.scope;

export const KnowledgeSourceSummary = z.object({
  id: z.string(),
  title: z.string(),
  kind: KnowledgeSourceFields.shape.kind,
  scope: Scope,
  scope_ref: z.string().nullable(),
  passages: z.number().int().describe("How many passages the source was cut into"),
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

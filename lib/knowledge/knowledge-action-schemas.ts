import { z } from "zod";
import { AgentKey, EntityKey, KnowledgeSourceFields } from "@/lib/engine/contracts/bundle";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";
import {
  KnowledgeFileFields,
  KnowledgeSearchQuery,
  type KnowledgeSourceInput,
  knowledgeInputFitsKind,
} from "./knowledge-schemas";

// Client-safe inputs of the Knowledge page's server actions (docs/knowledge.md). The source's fields sit
// at the top level beside the version, not under `source`: the action's field errors are keyed by the
// top-level field, so "content" lands under the content box instead of one error for the whole source.

export const CreateKnowledgeSourceInput = z
  .strictObject({
    ...AgentAtVersion,
    ...KnowledgeSourceFields.shape,
    key: EntityKey.optional().describe("The source's id; made from the title when left out"),
    ...KnowledgeFileFields,
  })
  .superRefine(knowledgeInputFitsKind);
export type CreateKnowledgeSourceInput = z.input<typeof CreateKnowledgeSourceInput>;

/** The source a create carries, without the save's agent, version and gate fields. */
export function sourceOfCreate(input: z.infer<typeof CreateKnowledgeSourceInput>): KnowledgeSourceInput {
  const { agent_key, expected_config_version, impact_preview, force_tests, ...source } = input;
  return source;
}

/**
 * An edit of source `source_key`: the same fields as an add (the kind stays what it was in the console;
 * REST PUT may change it). Without `key` the source keeps its own.
 */
export const UpdateKnowledgeSourceInput = z
  .strictObject({
    ...AgentAtVersion,
    ...KnowledgeSourceFields.shape,
    key: EntityKey.optional().describe("A new id for the source; it keeps its own when left out"),
    source_key: EntityKey.describe("The source edited"),
  })
  .superRefine(knowledgeInputFitsKind);
export type UpdateKnowledgeSourceInput = z.input<typeof UpdateKnowledgeSourceInput>;

/** The source an edit carries, without the save's agent, version, gate fields and the edited key. */
export function sourceOfUpdate(input: z.infer<typeof UpdateKnowledgeSourceInput>): KnowledgeSourceInput {
  const { agent_key, expected_config_version, impact_preview, force_tests, source_key, ...source } = input;
  return source;
}

export const KnowledgeSourceRefInput = z.strictObject({ ...AgentAtVersion, source_key: EntityKey });
export type KnowledgeSourceRefInput = z.input<typeof KnowledgeSourceRefInput>;

/** The playground's question: the REST search's query, for one agent. */
export const SearchKnowledgeInput = KnowledgeSearchQuery.extend({ agent_key: AgentKey });
export type SearchKnowledgeInput = z.input<typeof SearchKnowledgeInput>;

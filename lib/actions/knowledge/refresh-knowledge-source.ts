"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { KnowledgeSourceRefInput } from "@/lib/knowledge/knowledge-action-schemas";
import { refreshKnowledgeSource } from "@/lib/knowledge/server/refresh-knowledge-source";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

/** The Knowledge table's Refresh: a url source fetched again (a version only when its text changed). */
export const refreshKnowledgeSourceAction = configChangeAction(
  { name: "refreshKnowledgeSource", schema: KnowledgeSourceRefInput, policies: SAVE_POLICIES },
  (db, request, input) => refreshKnowledgeSource(db, request, input.source_key),
);

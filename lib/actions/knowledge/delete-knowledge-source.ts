"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { KnowledgeSourceRefInput } from "@/lib/knowledge/knowledge-action-schemas";
import { deleteKnowledgeSource } from "@/lib/knowledge/server/knowledge-sources";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const deleteKnowledgeSourceAction = configChangeAction(
  { name: "deleteKnowledgeSource", schema: KnowledgeSourceRefInput, policies: SAVE_POLICIES },
  (db, request, input) => deleteKnowledgeSource(db, request, input.source_key),
);

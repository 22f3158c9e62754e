"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { sourceOfUpdate, UpdateKnowledgeSourceInput } from "@/lib/knowledge/knowledge-action-schemas";
import { replaceKnowledgeSource } from "@/lib/knowledge/server/knowledge-sources";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateKnowledgeSourceAction = configChangeAction(
  { name: "updateKnowledgeSource", schema: UpdateKnowledgeSourceInput, policies: SAVE_POLICIES },
  (db, request, input) => replaceKnowledgeSource(db, request, input.source_key, sourceOfUpdate(input)),
);

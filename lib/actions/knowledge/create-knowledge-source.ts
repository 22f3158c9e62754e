"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CreateKnowledgeSourceInput, sourceOfCreate } from "@/lib/knowledge/knowledge-action-schemas";
import { createKnowledgeSource } from "@/lib/knowledge/server/knowledge-sources";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const createKnowledgeSourceAction = configChangeAction(
  { name: "createKnowledgeSource", schema: CreateKnowledgeSourceInput, policies: SAVE_POLICIES },
  (db, request, input) => createKnowledgeSource(db, request, sourceOfCreate(input)),
);

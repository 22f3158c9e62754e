"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { AddGapAnswerInput } from "@/lib/knowledge/knowledge-gap-schemas";
import { addGapAnswer } from "@/lib/knowledge/server/knowledge-gaps";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const addGapAnswerAction = configChangeAction(
  { name: "addGapAnswer", schema: AddGapAnswerInput, policies: SAVE_POLICIES },
  (db, request, input) => addGapAnswer(db, request, input),
);

"use server";

import { ImportAgentBundleInput } from "@/lib/agents/agent-forms";
import { importAgentFile } from "@/lib/agents/server/import-agent-file";
import { defineAction } from "@/lib/server/define-action";

export const importAgentBundleAction = defineAction(
  { name: "importAgentBundle", role: "designer", schema: ImportAgentBundleInput },
  (input, { db, actor, requestId }) => importAgentFile(db, input, actor, requestId),
);

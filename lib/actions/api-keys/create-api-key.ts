"use server";

import { CreateApiKeyInput } from "@/lib/identity/schemas";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { defineAction } from "@/lib/server/define-action";

// The plaintext key is in this one response only; the database keeps its SHA-256.
export const createApiKeyAction = defineAction(
  { name: "createApiKey", role: "admin", schema: CreateApiKeyInput },
  async (input, { db, actor, requestId }) => db.transaction((tx) => createApiKey(tx, input, actor, requestId)),
);

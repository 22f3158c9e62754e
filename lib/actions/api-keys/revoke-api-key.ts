"use server";

import { RevokeApiKeyInput } from "@/lib/identity/schemas";
import { revokeApiKey } from "@/lib/server/auth/api-keys";
import { defineAction } from "@/lib/server/define-action";
import { AppError } from "@/lib/server/errors";

export const revokeApiKeyAction = defineAction(
  { name: "revokeApiKey", role: "admin", schema: RevokeApiKeyInput },
  async (input, { db, actor, requestId }) => {
    const revoked = await db.transaction((tx) => revokeApiKey(tx, input.apiKeyId, actor, requestId));
    if (!revoked) throw new AppError("NOT_FOUND", "No live API key with that id; it may be revoked already.");
  },
);

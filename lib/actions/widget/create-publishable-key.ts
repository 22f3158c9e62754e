"use server";

import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import { CreatePublishableKeyInput } from "@/lib/widget/publishable-key-schemas";
import { createPublishableKey } from "@/lib/widget/server/publishable-keys";

// The plaintext key is in this one response only; the database keeps its SHA-256.
export const createPublishableKeyAction = defineAction(
  { name: "createPublishableKey", role: "admin", schema: CreatePublishableKeyInput },
  async ({ agent, ...body }, { db, actor, requestId }) =>
    createPublishableKey(db, await requireAgent(db, agent), body, { actor, requestId }),
);

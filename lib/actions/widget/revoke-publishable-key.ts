"use server";

import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";
import { RevokePublishableKeyInput } from "@/lib/widget/publishable-key-schemas";
import { revokePublishableKey } from "@/lib/widget/server/publishable-keys";

export const revokePublishableKeyAction = defineAction(
  { name: "revokePublishableKey", role: "admin", schema: RevokePublishableKeyInput },
  async ({ agent, id }, { db, actor, requestId }) =>
    revokePublishableKey(db, await requireAgent(db, agent), id, { actor, requestId }),
);

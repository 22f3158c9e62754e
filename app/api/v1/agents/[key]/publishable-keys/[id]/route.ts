import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { RevokedPublishableKeyBody } from "@/lib/widget/publishable-key-schemas";
import { revokePublishableKey } from "@/lib/widget/server/publishable-keys";
import { AgentPublishableKeyParams } from "../../../../params";

// DELETE /api/v1/agents/{key}/publishable-keys/{id} → {revoked: id}; the key is refused (401) from then on.
export const DELETE = defineRoute(
  { scope: "admin", params: AgentPublishableKeyParams, response: RevokedPublishableKeyBody },
  async ({ db, params, actor, requestId }) => {
    await revokePublishableKey(db, await requireAgent(db, params.key), params.id, { actor, requestId });
    return { revoked: params.id };
  },
);

import { CreatedApiKeyBody } from "@/lib/identity/api-key-response-schema";
import { CreateApiKeyInput } from "@/lib/identity/schemas";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { defineRoute } from "@/lib/server/define-route";

// POST /api/v1/api-keys {name, scopes, agents?} → 201 {id, name, prefix, scopes, agents, key}: the key
// is in this answer only. `agents` limits it to those agent keys (others answer 404); left out, every agent.
export const POST = defineRoute(
  { scope: "admin", body: CreateApiKeyInput, response: { 201: CreatedApiKeyBody } },
  async ({ db, body, actor, requestId, reply }) =>
    reply(201, await db.transaction((tx) => createApiKey(tx, body, actor, requestId))),
);

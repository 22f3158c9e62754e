import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import {
  CreatedPublishableKeyBody,
  CreatePublishableKeyBody,
  PublishableKeyList,
} from "@/lib/widget/publishable-key-schemas";
import { createPublishableKey, listPublishableKeys } from "@/lib/widget/server/publishable-keys";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/publishable-keys → {publishable_keys}: the agent's live keys (prefixes, never the keys).
export const GET = defineRoute(
  { scope: "admin", params: AgentKeyParams, response: PublishableKeyList },
  async ({ db, params }) => ({ publishable_keys: await listPublishableKeys(db, await requireAgent(db, params.key)) }),
);

// POST /api/v1/agents/{key}/publishable-keys {label, allowed_origins, environments?} → 201 the key, shown this once.
export const POST = defineRoute(
  {
    scope: "admin",
    params: AgentKeyParams,
    body: CreatePublishableKeyBody,
    response: { 201: CreatedPublishableKeyBody },
  },
  async ({ db, params, body, actor, requestId, reply }) => {
    const agent = await requireAgent(db, params.key);
    return reply(201, await createPublishableKey(db, agent, body, { actor, requestId }));
  },
);

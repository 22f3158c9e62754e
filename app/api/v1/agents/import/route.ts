import { z } from "zod";
import { ImportBody } from "@/lib/bundles/import-response-schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { assertReachesEveryAgent } from "@/lib/server/access/agent-access";
import { defineRoute } from "@/lib/server/define-route";

// POST /api/v1/agents/import — body: an agent bundle (lib/engine/contracts/bundle.ts)
// → 201 { agent_id, key, config_version, created }. The body is validated inside importBundle
// (shape, then references, lanes and CEL), so every problem comes back in one 422 with its path.
export const POST = defineRoute(
  { scope: "agents:write", body: z.unknown(), bodyKind: "bundle", response: { 201: ImportBody } },
  async ({ body, db, actor, requestId, reply }) => {
    assertReachesEveryAgent();
    const result = await importBundle(db, body, actor, requestId);
    return reply(201, result);
  },
);

import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { CreatedIdentitySecretBody, IdentitySecretStatusBody } from "@/lib/widget/identity-secret-schemas";
import { identitySecretStatus, rotateIdentitySecret } from "@/lib/widget/server/identity-secrets";
import { AgentKeyParams } from "../../../params";

// The agent's customer identity secret (docs/widget.md#identified-customers), which its company's server
// signs customer tokens with.

// GET /api/v1/agents/{key}/identity-secret → {set, created_by, created_at}: never the secret.
export const GET = defineRoute(
  { scope: "admin", params: AgentKeyParams, response: IdentitySecretStatusBody },
  async ({ db, params }) => identitySecretStatus(db, await requireAgent(db, params.key)),
);

// POST /api/v1/agents/{key}/identity-secret → 201 {secret, rotated, created_by, created_at}: a new secret, shown
// this once, replacing the agent's (tokens signed with the old one are refused from now on).
export const POST = defineRoute(
  { scope: "admin", params: AgentKeyParams, response: { 201: CreatedIdentitySecretBody } },
  async ({ db, params, actor, requestId, reply }) => {
    const agent = await requireAgent(db, params.key);
    return reply(201, await rotateIdentitySecret(db, agent, { actor, requestId }));
  },
);

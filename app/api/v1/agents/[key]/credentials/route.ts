import { CreateCredentialBody, CredentialBody, CredentialList } from "@/lib/credentials/credential-schemas";
import { createCredential, listCredentials } from "@/lib/credentials/server/credential-bindings";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/credentials → {credentials}: every binding's name, kind, environment and
// fingerprint, and the tools that name it; never a secret.
export const GET = defineRoute(
  { scope: "config:read", params: AgentKeyParams, response: CredentialList },
  async ({ db, params }) => ({ credentials: await listCredentials(db, await requireAgent(db, params.key)) }),
);

// POST /api/v1/agents/{key}/credentials {name, kind, environment?, …the kind's fields} → 201 the binding.
export const POST = defineRoute(
  {
    scope: "credentials:write",
    params: AgentKeyParams,
    body: CreateCredentialBody,
    response: { 201: CredentialBody },
  },
  async ({ db, params, body, actor, requestId, reply }) =>
    reply(201, await createCredential(db, await requireAgent(db, params.key), body, { actor, requestId })),
);

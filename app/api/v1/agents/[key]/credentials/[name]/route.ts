import {
  CredentialBindingQuery,
  CredentialBody,
  DeletedCredentialBody,
  RotateCredentialBody,
} from "@/lib/credentials/credential-schemas";
import { deleteCredential, getCredential, rotateCredential } from "@/lib/credentials/server/credential-bindings";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { AgentCredentialParams } from "../../../../params";

/** `?environment=staging` picks that environment's binding; without it, the agent's default. */
function bindingOf(request: Request): string | null {
  const parsed = CredentialBindingQuery.safeParse({
    environment: new URL(request.url).searchParams.get("environment") ?? undefined,
  });
  if (!parsed.success) {
    throw new AppError("VALIDATION", "The environment query parameter is invalid.", [
      { path: "environment", message: parsed.error.issues[0]?.message ?? "Invalid environment name" },
    ]);
  }
  return parsed.data.environment ?? null;
}

// GET /api/v1/agents/{key}/credentials/{name}?environment= → the binding (never its secret).
export const GET = defineRoute(
  { scope: "config:read", params: AgentCredentialParams, response: CredentialBody },
  async ({ db, params, request }) =>
    getCredential(db, await requireAgent(db, params.key), params.name, bindingOf(request)),
);

// PUT /api/v1/agents/{key}/credentials/{name} {kind, environment?, …the kind's fields} → the binding
// with its new value and fingerprint (a rotation; a cached OAuth token goes with the old value).
export const PUT = defineRoute(
  { scope: "credentials:write", params: AgentCredentialParams, body: RotateCredentialBody, response: CredentialBody },
  async ({ db, params, body, actor, requestId }) =>
    rotateCredential(db, await requireAgent(db, params.key), params.name, body, { actor, requestId }),
);

// DELETE /api/v1/agents/{key}/credentials/{name}?environment= → {deleted, environment}; 409 IN_USE
// naming the tools while they would be left without a value.
export const DELETE = defineRoute(
  { scope: "credentials:write", params: AgentCredentialParams, response: DeletedCredentialBody },
  async ({ db, params, request, actor, requestId }) => {
    const environment = bindingOf(request);
    await deleteCredential(db, await requireAgent(db, params.key), params.name, environment, { actor, requestId });
    return { deleted: params.name, environment };
  },
);

import "server-only";
import type { Database } from "@/db/types";
import { type ApiScope, type Role, roleAtLeast, scopesAllow } from "@/lib/identity/roles";
import { agentAccessOf, highestRole } from "./access/agent-access";
import { authenticateApiKey } from "./auth/api-keys";
import { recordInvalidKey } from "./auth/invalid-key-limit";
import { type PublishableRoute, publishablePrincipal } from "./auth/publishable-key-auth";
import { getOperatorFromHeaders, isSameOrigin, type Principal, requestIdFrom } from "./principal";
import { clientAddressFrom } from "./request/forwarded-request";
import { errorResponse } from "./route-errors";

// Who calls a route (`defineRoute`): an API key with the route's scope, a publishable key on the routes
// that take one (auth/publishable-key-auth.ts), or a signed-in operator with the scope's role.

// A signed-in operator may call the API from the console; each scope needs at least this role.
const ROLE_FOR_SCOPE: Record<ApiScope, Role> = {
  admin: "admin",
  "agents:read": "viewer",
  "agents:write": "designer",
  // The configuration's entities one by one (docs/config-as-code.md): what the editors read and save.
  "config:read": "viewer",
  "config:write": "designer",
  "turns:write": "designer",
  "traces:read": "viewer",
  "ledger:read": "viewer",
  "loops:read": "viewer",
  "loops:write": "operator",
  "loops:override": "operator",
  "goals:write": "operator",
  // Reading the queue is for anyone who may read traces; claiming, replying and returning are the
  // operator role's (docs/handoffs.md#who-may-do-what).
  "handoffs:read": "viewer",
  "handoffs:write": "operator",
  "pii:read": "admin",
  // A credential opens a company's systems to the agent's tools: only admins set one by default.
  "credentials:write": "admin",
  // A budget decides whether customers get the model or a person: an admin's call, like a credential.
  "budgets:write": "admin",
};

interface RouteAccess {
  scope: ApiScope;
  sessionRole?: Role;
  publishable?: PublishableRoute;
}

/** The role a signed-in operator needs for the route: its own `sessionRole`, else its scope's. */
export function operatorRoleFor(route: RouteAccess): Role {
  return route.sessionRole ?? ROLE_FOR_SCOPE[route.scope];
}

/** The request's principal, or the 401/403/429 that refuses it. */
export async function authenticate(request: Request, db: Database, route: RouteAccess): Promise<Principal | Response> {
  const { scope } = route;
  const requestId = requestIdFrom(request.headers);
  const authorization = request.headers.get("authorization");
  if (authorization) {
    // The key is looked up first: a valid one is served whatever its address sent before, and only
    // wrong ones count toward (and are refused by) the address's limit (auth/invalid-key-limit.ts).
    const wrongKey = (message: string) => {
      const retryAfter = recordInvalidKey(clientAddressFrom(request.headers));
      if (retryAfter === 0) return errorResponse(401, "UNAUTHENTICATED", message, requestId);
      const refused = errorResponse(429, "RATE_LIMITED", `Too many invalid keys; retry in ${retryAfter} s.`, requestId);
      refused.headers.set("retry-after", String(retryAfter));
      return refused;
    };
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match?.[1]?.startsWith("pk_")) {
      const pk = await publishablePrincipal(db, match[1], request, route.publishable);
      if ("kind" in pk) return pk;
      if (pk.status === 401) return wrongKey(pk.message);
      return errorResponse(pk.status, pk.code, pk.message, requestId);
    }
    const key = match?.[1] ? await authenticateApiKey(db, match[1]) : null;
    if (!key) return wrongKey("Invalid, revoked or malformed API key.");
    if (!scopesAllow(key.scopes, scope)) {
      return errorResponse(403, "FORBIDDEN", `This API key lacks the ${scope} scope.`, requestId);
    }
    return { kind: "api_key", ...key };
  }
  const operator = await getOperatorFromHeaders(request.headers);
  if (!operator) {
    return errorResponse(401, "UNAUTHENTICATED", "Send Authorization: Bearer <api key>, or sign in.", requestId);
  }
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request.headers)) {
    return errorResponse(403, "FORBIDDEN", "Cross-origin or Origin-less request refused.", requestId);
  }
  const role = operatorRoleFor(route);
  // A role held on some agent lets the request in; the agent it reaches is checked by its lookup.
  const have = highestRole(operator.role, await agentAccessOf(db, operator));
  if (!roleAtLeast(have, role)) {
    return errorResponse(403, "FORBIDDEN", `This needs the ${role} role; you are ${have}.`, requestId);
  }
  return operator;
}

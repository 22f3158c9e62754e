import "server-only";
import { randomUUID } from "node:crypto";
import type { Role } from "@/lib/identity/roles";
import { getAuth } from "./auth/auth";
import type { Actor } from "./ledger/event-types";

export { isSameOrigin } from "./request/forwarded-request";

export interface OperatorPrincipal {
  kind: "operator";
  id: string;
  email: string;
  name: string;
  role: Role;
}

interface ApiKeyPrincipal {
  kind: "api_key";
  id: string;
  prefix: string;
  scopes: string[];
  /** The agents (ids) the key may reach; null: every agent. */
  agentIds: string[] | null;
}

/**
 * A web page's publishable key (docs/widget.md): one agent, the three widget routes, from an allowed
 * Origin (the one this request came from).
 */
export interface PublishableKeyPrincipal {
  kind: "publishable_key";
  id: string;
  prefix: string;
  agentId: string;
  origin: string;
  /** The released environments its sessions may run in (production unless the key names others). */
  environments: string[];
}

export type Principal = OperatorPrincipal | ApiKeyPrincipal | PublishableKeyPrincipal;

export function actorOf(principal: Principal): Actor {
  if (principal.kind === "operator") return { kind: "operator", name: principal.email, id: principal.id };
  return { kind: principal.kind, name: principal.prefix, id: principal.id };
}

/** x-request-id from a proxy when it is sane, else a fresh id; it goes into logs and ledger events. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** The signed-in operator, or null (no cookie, expired, or disabled). */
export async function getOperatorFromHeaders(headers: Headers): Promise<OperatorPrincipal | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const user = result.user as typeof result.user & { role?: string; disabled?: boolean };
  if (user.disabled) return null;
  return { kind: "operator", id: user.id, email: user.email, name: user.name, role: (user.role ?? "viewer") as Role };
}

import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { grantsOfOperator } from "@/db/queries/agent-grants";
import type { DbOrTx } from "@/db/types";
import { higherRole, type Role, roleAtLeast } from "@/lib/identity/roles";
import { AppError } from "../errors";
import type { Principal } from "../principal";

/**
 * Which agents a principal reaches (docs/access-control.md): every one, or these agent ids — with the
 * operator's role on each, or null for an API key (its scopes say what it may do there).
 */
export type AgentAccess = { all: true } | { all: false; roles: ReadonlyMap<string, Role | null> };

const EVERY_AGENT: AgentAccess = { all: true };

// One lookup per principal object: the wrapper's role check and the request's agent checks share it.
const loaded = new WeakMap<Principal, Promise<AgentAccess>>();

async function loadAccess(db: DbOrTx, principal: Principal): Promise<AgentAccess> {
  if (principal.kind === "publishable_key") return { all: false, roles: new Map([[principal.agentId, null]]) };
  if (principal.kind === "api_key") {
    return principal.agentIds
      ? { all: false, roles: new Map(principal.agentIds.map((id) => [id, null])) }
      : EVERY_AGENT;
  }
  if (principal.role === "admin") return EVERY_AGENT;
  const grants = await grantsOfOperator(db, principal.id);
  if (grants.length === 0) return EVERY_AGENT;
  return { all: false, roles: new Map(grants.map((g) => [g.agentId, g.role as Role])) };
}

export function agentAccessOf(db: DbOrTx, principal: Principal): Promise<AgentAccess> {
  let access = loaded.get(principal);
  if (!access) {
    access = loadAccess(db, principal);
    loaded.set(principal, access);
  }
  return access;
}

/**
 * The role an operator's request is first checked against: their own, or a higher one they hold on
 * some agent (the agent the request reaches is then checked against its own grant).
 */
export function highestRole(own: Role, access: AgentAccess): Role {
  if (access.all) return own;
  let highest = own;
  for (const role of access.roles.values()) if (role) highest = higherRole(highest, role);
  return highest;
}

/** The role an operator holds on one agent, or null when it is out of their reach. */
export function roleOnAgent(own: Role, access: AgentAccess, agentId: string): Role | null {
  if (access.all) return own;
  return access.roles.get(agentId) ?? null;
}

interface RequestAccess {
  access: AgentAccess;
  /** An operator's role on the agent must be at least this; null for an API key. */
  needs: Role | null;
}

const current = new AsyncLocalStorage<RequestAccess>();

/** Runs a request's handler with its principal's reach: every agent lookup inside it is checked. */
export function withAgentAccess<T>(access: AgentAccess, needs: Role | null, run: () => Promise<T>): Promise<T> {
  return current.run({ access, needs }, run);
}

/**
 * The agent when the current request may reach it; null when it is out of reach, so the caller answers
 * the same 404 as for an agent that does not exist (and no agent key leaks). An operator who reaches it
 * with too low a role gets 403 (they can see it). Outside any request — background jobs, boot, the
 * CLI — every agent is reachable.
 */
export function reachable<T extends { id: string }>(agent: T | null | undefined): T | null {
  if (!agent) return null;
  const request = current.getStore();
  if (!request || request.access.all) return agent;
  if (!request.access.roles.has(agent.id)) return null;
  const role = request.access.roles.get(agent.id);
  if (request.needs && role && !roleAtLeast(role, request.needs)) {
    throw new AppError("FORBIDDEN", `This needs the ${request.needs} role on this agent; you are ${role}.`);
  }
  return agent;
}

/** Whether a stored row's agent (null: an instance-wide row) is within the current request's grant. */
export function reachesAgentId(agentId: string | null): boolean {
  const request = current.getStore();
  if (!request || request.access.all) return true;
  return agentId !== null && reachable({ id: agentId }) !== null;
}

/**
 * The agents the current request may reach (with the role it needs), for a list across agents; null
 * when it reaches every agent.
 */
export function reachableAgentIds(): string[] | null {
  const request = current.getStore();
  if (!request || request.access.all) return null;
  const needs = request.needs;
  return [...request.access.roles].filter(([, role]) => !needs || (role && roleAtLeast(role, needs))).map(([id]) => id);
}

/** Creating or importing agents is for those who reach every agent: a new key would collide unseen. */
export function assertReachesEveryAgent(): void {
  const request = current.getStore();
  if (request && !request.access.all) {
    throw new AppError("FORBIDDEN", "Only operators and keys with access to every agent can create or import agents.");
  }
}

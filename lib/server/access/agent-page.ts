import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getAgentByKey } from "@/db/queries/agents";
import type { AgentRow } from "@/db/types";
import type { Role } from "@/lib/identity/roles";
import { requireOperator } from "../auth/require-operator";
import { getDb } from "../db";
import { AppError } from "../errors";
import type { OperatorPrincipal } from "../principal";
import { agentAccessOf, roleOnAgent, withAgentAccess } from "./agent-access";

/** The signed-in operator and the agents they reach, once per request (layout and page share it). */
const operatorAccess = cache(async () => {
  const operator = await requireOperator();
  return { operator, access: await agentAccessOf(await getDb(), operator) };
});

/**
 * The one lookup behind every agent page: the agent, and the operator with their role on it. An
 * unknown agent and one outside the operator's grant both render the not-found page (404).
 */
const agentPageAccess = cache(async (rawKey: string) => {
  const { operator, access } = await operatorAccess();
  const agent = await getAgentByKey(await getDb(), decodeURIComponent(rawKey));
  const role = agent ? roleOnAgent(operator.role, access, agent.id) : null;
  if (!agent || !role) notFound();
  return { agent, operator: { ...operator, role } satisfies OperatorPrincipal };
});

/** Agent pages: the signed-in operator with their role on this agent (not-found page out of reach). */
export async function requireAgentOperator(rawKey: string): Promise<OperatorPrincipal> {
  return (await agentPageAccess(rawKey)).operator;
}

/** Agent pages: the agent of the URL (not-found page when unknown or out of the operator's reach). */
export async function requirePageAgent(rawKey: string): Promise<AgentRow> {
  return (await agentPageAccess(rawKey)).agent;
}

/** Agent pages: a loader's NOT_FOUND (`requireAgent`, agent-lookup.ts) renders the not-found page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

/** The agents of a list the signed-in operator reaches: the switcher, the Agents page, filters. */
export async function reachableAgentsForPage<T extends { id: string }>(agents: T[]): Promise<T[]> {
  const { operator, access } = await operatorAccess();
  return agents.filter((agent) => roleOnAgent(operator.role, access, agent.id) !== null);
}

/** The ids of the agents the signed-in operator reaches, or null when they reach every agent. */
export async function reachableAgentIdsForPage(): Promise<string[] | null> {
  const { access } = await operatorAccess();
  return access.all ? null : [...access.roles.keys()];
}

/** The signed-in operator's role on each given agent (null = out of reach), for instance-wide pages. */
export async function pageRolesOnAgents(agentIds: string[]): Promise<Map<string, Role | null>> {
  const { operator, access } = await operatorAccess();
  return new Map(agentIds.map((id) => [id, roleOnAgent(operator.role, access, id)]));
}

/** Marks a page that went through `definePage`; the page-access test finds every page without it. */
export const PAGE_META = Symbol.for("focal.page");

/**
 * Every console page (docs/access-control.md#pages): the signed-in operator (else the sign-in page),
 * and the page's loading run with their reach, the same per-agent check routes and actions get, so
 * every agent lookup and stored row a loader reads through `reachable`/`reachesAgentId` is out of
 * reach for an agent outside the operator's grant, and the page renders not-found as for an unknown id.
 */
export function definePage<P, R>(
  page: (props: P) => Promise<R>,
): ((props: P) => Promise<R>) & {
  [PAGE_META]: true;
} {
  const guarded = async (props: P): Promise<R> => {
    const { access } = await operatorAccess();
    return withAgentAccess(access, null, () => page(props));
  };
  return Object.assign(guarded, { [PAGE_META]: true as const });
}

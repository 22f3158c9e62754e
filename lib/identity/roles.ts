import { z } from "zod";

// viewer < designer < operator < admin (docs/data-model.md).
export const ROLES = ["viewer", "designer", "operator", "admin"] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export function roleAtLeast(role: string, required: Role): boolean {
  const have = ROLES.indexOf(role as Role);
  return have >= 0 && have >= ROLES.indexOf(required);
}

// Roles an operator can hold on one agent (docs/access-control.md); admin is only ever global.
export const AGENT_ROLES = ["viewer", "designer", "operator"] as const;
export const AgentRole = z.enum(AGENT_ROLES);
export type AgentRole = z.infer<typeof AgentRole>;

/** The higher of two roles. */
export function higherRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) >= ROLES.indexOf(b) ? a : b;
}

// API key scopes. `admin` implies every other scope.
export const API_SCOPES = [
  "admin",
  "agents:read",
  "agents:write",
  "config:read",
  "config:write",
  "turns:write",
  "traces:read",
  "ledger:read",
  "loops:read",
  "loops:write",
  "loops:override",
  "goals:write",
  "handoffs:read",
  "handoffs:write",
  /** Reveal the real value behind a placeholder (docs/privacy.md#reveal); admins only. */
  "pii:read",
  /** Add, rotate and delete an agent's tool credentials (docs/tools.md#credentials); admins only. */
  "credentials:write",
  /** Set an agent's spending budget and what happens when it is spent (docs/budgets.md); admins only. */
  "budgets:write",
] as const;
export const ApiScope = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScope>;

export function scopesAllow(granted: readonly string[], required: ApiScope): boolean {
  return granted.includes("admin") || granted.includes(required);
}

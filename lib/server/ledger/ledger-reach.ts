import type { LedgerEventType } from "./event-types";

/**
 * Instance-wide events (no agent) whose payload names agents: a viewer limited to some agents does
 * not see them. Every other instance-wide event (users, keys, settings, anchors) names no agent and
 * stays visible (docs/access-control.md).
 */
const NAMES_AGENTS: readonly LedgerEventType[] = ["CUSTOMER_DELETED", "RETENTION_APPLIED"];

/** The ledger list's reach for a viewer limited to these agents; undefined when they reach every agent. */
export function ledgerReach(agentIds: string[] | null) {
  return agentIds ? { agentIds, hide: NAMES_AGENTS } : undefined;
}

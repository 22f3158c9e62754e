import { z } from "zod";

export const LEDGER_EVENT_TYPES = [
  "AGENT_CREATED",
  "AGENT_UPDATED",
  "AGENT_DELETED",
  "BUNDLE_IMPORTED",
  "CONFIG_CHANGED",
  "OPERATOR_CREATED",
  "OPERATOR_ROLE_CHANGED",
  "OPERATOR_DISABLED",
  "OPERATOR_ENABLED",
  "AGENT_ROLE_GRANTED",
  "AGENT_ROLE_REVOKED",
  "API_KEY_CREATED",
  "API_KEY_REVOKED",
  "GOAL_REFORMULATION",
  "GOAL_REFORMULATION_REJECTED",
  "GOAL_RESTORED",
  "GUARDRAIL_OVERRIDE",
  "TURN_COMPLETED",
  "CUSTOMER_DELETED",
  "LEDGER_ANCHORED",
  "RETENTION_APPLIED",
] as const;

export const LedgerEventType = z.enum(LEDGER_EVENT_TYPES);
export type LedgerEventType = z.infer<typeof LedgerEventType>;

const ActorKind = z.enum(["operator", "api_key", "system"]);
type ActorKind = z.infer<typeof ActorKind>;

export interface Actor {
  kind: ActorKind;
  /** operator email, api key prefix, or "system". */
  name: string;
  id: string | null;
}

export const SYSTEM_ACTOR: Actor = { kind: "system", name: "system", id: null };

import { z } from "zod";
import { LEDGER_EVENT_TYPES } from "@/lib/ledger/ledger-event-types";

export const LedgerEventType = z.enum(LEDGER_EVENT_TYPES);
export type LedgerEventType = z.infer<typeof LedgerEventType>;

const ActorKind = z.enum(["operator", "api_key", "publishable_key", "system"]);
type ActorKind = z.infer<typeof ActorKind>;

export interface Actor {
  kind: ActorKind;
  /** operator email, api or publishable key prefix, or "system". */
  name: string;
  id: string | null;
}

export const SYSTEM_ACTOR: Actor = { kind: "system", name: "system", id: null };

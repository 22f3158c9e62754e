import type { ConfigNames } from "@/lib/turns/name-ids";
import type { SessionChannel, TurnView } from "@/lib/turns/turn-view";
import type { HandoffBody, TranscriptMessage } from "./handoff-schemas";
import type { InternalNote } from "./inbox-schemas";

// What the inbox page hands its components (docs/handoffs.md#the-inbox). Client-safe.

/** One row of the queue: a waiting or claimed handoff. */
export interface InboxItem {
  handoff_id: string;
  session_id: string;
  agent_key: string;
  agent_name: string;
  reason: HandoffBody["reason"];
  detail: string;
  state: "waiting" | "claimed";
  claimed_by: string | null;
  /** The customer's reference, when the session has a profile. */
  customer: string | null;
  channel: SessionChannel;
  requested_at: string;
  claimed_at: string | null;
  /** handoff.target_seconds of the agent: amber past it, red past twice it. */
  target_seconds: number;
  /** The signed-in operator may claim, reply and return (operator role on the agent). */
  can_act: boolean;
}

export interface InboxConversation {
  session_id: string;
  agent_key: string;
  agent_name: string;
  mode: "agent" | "waiting" | "human";
  handoff: { id: string; state: HandoffBody["state"]; claimed_by: string | null } | null;
  messages: TranscriptMessage[];
  notes: InternalNote[];
  turns: TurnView[];
  names: ConfigNames;
  can_act: boolean;
}

/** How long past the agent's target a wait is: the queue's colour. */
export function waitLevel(waitedSeconds: number, targetSeconds: number): "ok" | "over" | "far-over" {
  if (waitedSeconds > 2 * targetSeconds) return "far-over";
  if (waitedSeconds > targetSeconds) return "over";
  return "ok";
}

/** "45 s", "3 min 05 s", "1 h 02 min". */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

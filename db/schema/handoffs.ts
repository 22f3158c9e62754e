import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id } from "./columns";
import { sessions, turns } from "./conversations";

// Handoffs to a person and what operators say while they hold one (docs/handoffs.md).

export const handoffReason = pgEnum("handoff_reason", [
  "rule",
  "customer_request",
  "repeated_fallback",
  "input_safety",
  "operator",
  // A shipped reply promised a person's follow-up: waiting in the inbox while the agent keeps the session.
  "promised_follow_up",
  // The agent's budget was spent and its action is to hand new turns to a person (docs/budgets.md).
  "budget",
]);
export const handoffState = pgEnum("handoff_state", ["waiting", "claimed", "closed"]);
export const sessionMessageKind = pgEnum("session_message_kind", ["operator", "system", "note"]);

export const handoffs = pgTable(
  "handoffs",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    reason: handoffReason("reason").notNull(),
    // The rule key, the fallback count, the operator's words, or a follow-up's promise (the agent's words)
    // and the session's known values: never customer text.
    detail: text("detail").notNull().default(""),
    state: handoffState("state").notNull().default("waiting"),
    // The turn that asked for it; null when an operator did.
    requestTurnId: uuid("request_turn_id").references(() => turns.id, { onDelete: "set null" }),
    requestedBy: text("requested_by").notNull(),
    claimedBy: text("claimed_by"),
    claimedById: text("claimed_by_id"),
    returnNote: text("return_note"),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // The inbox: one state, oldest first, keyset on (requested_at, id); per agent the same.
    index("handoffs_state_requested_idx").on(t.state, t.requestedAt, t.id),
    index("handoffs_agent_state_requested_idx").on(t.agentId, t.state, t.requestedAt, t.id),
    // A session has at most one open handoff: a second request while one is open is the same request.
    uniqueIndex("handoffs_session_open_uq").on(t.sessionId).where(sql`${t.state} <> 'closed'`),
  ],
);

/**
 * Operator replies and the system's notes (handoff requested, claimed, returned) in a session's transcript,
 * and operators' internal notes (kind `note`: shown to operators only, never in the transcript or its events).
 */
export const sessionMessages = pgTable(
  "session_messages",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    handoffId: uuid("handoff_id").references(() => handoffs.id, { onDelete: "set null" }),
    kind: sessionMessageKind("kind").notNull(),
    // system messages: handoff_requested | handoff_claimed | handoff_returned | follow_up_opened.
    event: text("event"),
    text: text("text").notNull(),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("session_messages_session_created_idx").on(t.sessionId, t.createdAt, t.id)],
);

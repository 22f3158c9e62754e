import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { id } from "./columns";
import { sessions, turns } from "./conversations";

// Tool calls that wait for an operator's approval (docs/approvals.md).

export const approvalState = pgEnum("approval_state", ["pending", "approved", "denied", "expired"]);

export const toolApprovals = pgTable(
  "tool_approvals",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    // The turn that paused; the customer's message the resumed turn answers is that turn's.
    requestTurnId: uuid("request_turn_id")
      .notNull()
      .references(() => turns.id, { onDelete: "cascade" }),
    toolId: text("tool_id").notNull(),
    toolKey: text("tool_key").notNull(),
    toolName: text("tool_name").notNull(),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    // The rule that attached the tool, and the scenario step the conversation was in.
    context: jsonb("context").$type<Record<string, unknown>>().notNull(),
    state: approvalState("state").notNull().default("pending"),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    // When the expiry warning (webhook approval.expiring) went out; null until then, so it goes out once.
    warnedAt: timestamp("warned_at", { withTimezone: true, mode: "date" }),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decidedBy: text("decided_by"),
    reason: text("reason"),
    // The turn that ran (or declined) the tool after the decision; null while pending or expired.
    resumedTurnId: uuid("resumed_turn_id").references(() => turns.id, { onDelete: "set null" }),
  },
  (t) => [
    // The list: one state, newest first, per agent or across agents.
    index("tool_approvals_agent_state_requested_idx").on(t.agentId, t.state, t.requestedAt),
    index("tool_approvals_state_requested_idx").on(t.state, t.requestedAt),
    // The sweep: pending ones past their expiry.
    index("tool_approvals_state_expires_idx").on(t.state, t.expiresAt),
    index("tool_approvals_session_idx").on(t.sessionId),
  ],
);

import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { sessions } from "./conversations";

// Usage per closed UTC day (docs/pipeline.md#reading-cost). GET …/usage summed every turn of its
// window: 5.8–8.3 s p95 at 1,000,000 turns. A day that ended over an hour ago no longer changes, so the
// `usage.rollup` job sums its turns once into one row per conversation, config version and environment
// of that day; the endpoint reads those rows for rolled days and sums turns only for the rest.
//
// One row per conversation (not per day, version and environment) because the answer counts
// distinct conversations over the whole window (a conversation across midnight is one, not two) and
// splits cost by the conversation's review, which a reviewer may change any day later: both need the
// conversation at read time. At 8 turns a conversation that is 1/8 of the turns' rows.

/** One row per (agent, day) rolled up: the marker the endpoint trusts, and the lock a re-roll takes. */
export const usageRolledDays = pgTable(
  "usage_rolled_days",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

/** A conversation's turns of one UTC day under one config version and environment, summed. */
export const usageDaily = pgTable(
  "usage_daily",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    // Deleting a conversation (retention, customer deletion) deletes its rows, as it deletes its turns.
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    configVersion: integer("config_version").notNull(),
    environment: text("environment"),
    turns: integer("turns").notNull(),
    tokensIn: bigint("tokens_in", { mode: "number" }).notNull(),
    tokensOut: bigint("tokens_out", { mode: "number" }).notNull(),
    /** Of the priced turns; `unpriced_turns` counts the others (cost_usd null). */
    costUsd: doublePrecision("cost_usd").notNull(),
    unpricedTurns: integer("unpriced_turns").notNull(),
  },
  (t) => [index("usage_daily_agent_day_idx").on(t.agentId, t.day), index("usage_daily_session_idx").on(t.sessionId)],
);

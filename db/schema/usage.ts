import {
  bigint,
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

// Usage per closed UTC hour (docs/pipeline.md#reading-cost). GET …/usage summed every turn of its
// window: 5.8–8.3 s p95 at 1,000,000 turns. An hour that ended over 15 minutes ago no longer changes,
// so the `usage.rollup` job sums its turns once into one row per conversation, config version and
// environment of that hour; the endpoint reads those rows for rolled hours and sums turns only for the
// rest (the window's partial first hour and the last hour or two).
//
// One row per conversation because the answer counts distinct conversations over the whole window (a
// conversation across midnight is one, not two) and splits cost by the conversation's review, which a
// reviewer may change any day later: both need the conversation at read time. Hours, not days, because
// a 30-day window starts mid-day and today is unrolled: at 1,000,000 turns a month, summing a partial
// day and today from turns alone costs more than the 200 ms the whole answer may take.

/** One row per (agent, hour) rolled up: the marker the endpoint trusts, and the lock a re-roll takes. */
export const usageRolledHours = pgTable(
  "usage_rolled_hours",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.hour] })],
);

/** A conversation's turns of one UTC hour under one config version and environment, summed. */
export const usageHourly = pgTable(
  "usage_hourly",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
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
  (t) => [
    index("usage_hourly_agent_hour_idx").on(t.agentId, t.hour),
    index("usage_hourly_session_idx").on(t.sessionId),
  ],
);

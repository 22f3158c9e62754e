import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
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
    /** Whether the conversation's review was `reviewed` when the row was written (kept so by a trigger). */
    reviewed: boolean("reviewed").notNull().default(false),
  },
  (t) => [
    index("usage_hourly_agent_hour_idx").on(t.agentId, t.hour),
    index("usage_hourly_session_idx").on(t.sessionId),
  ],
);

// The read side of the rollup. Reading usage_hourly's row per conversation and hour of a 30-day window
// (~135,000 at 1,000,000 turns) and counting distinct conversations took 2.6–3.4 s p50 on PostgreSQL,
// and any read of one row per conversation stays too slow (an index-only scan of 125,000 runs: ~200 ms
// on 2 shared cores). These tables answer exactly from a few thousand rows: per hour, not per
// conversation.

/** An hour's turns under one config version and environment, summed over its conversations. */
export const usageHourSums = pgTable(
  "usage_hour_sums",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    configVersion: integer("config_version").notNull(),
    environment: text("environment"),
    turns: integer("turns").notNull(),
    tokensIn: bigint("tokens_in", { mode: "number" }).notNull(),
    tokensOut: bigint("tokens_out", { mode: "number" }).notNull(),
    costUsd: doublePrecision("cost_usd").notNull(),
    unpricedTurns: integer("unpriced_turns").notNull(),
  },
  (t) => [
    unique("usage_hour_sums_agent_hour_version_env_uq")
      .on(t.agentId, t.hour, t.configVersion, t.environment)
      .nullsNotDistinct(),
  ],
);

/**
 * A run of consecutive rolled hours in which a conversation had turns within one group: `kind` is
 * `all` (key ''), `day` (key YYYY-MM-DD, so a run never crosses midnight), `version` or `environment`
 * (key `none` without one); `prev_last_hour` is the last hour of the conversation's run before it in
 * the same group, null for its first. Rebuilt from usage_hourly for each conversation an hour roll
 * touches; a trigger keeps usage_hour_counts in step.
 */
export const usageConversationRuns = pgTable(
  "usage_conversation_runs",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    firstHour: timestamp("first_hour", { withTimezone: true }).notNull(),
    lastHour: timestamp("last_hour", { withTimezone: true }).notNull(),
    prevLastHour: timestamp("prev_last_hour", { withTimezone: true }),
    /** The conversation's review as the run was written: what the run added to usage_hour_counts. */
    reviewed: boolean("reviewed").notNull().default(false),
    resolved: boolean("resolved").notNull().default(false),
  },
  (t) => [
    // The resumed runs of a window: prev_last_hour inside it (index-only, few rows).
    index("usage_conversation_runs_resumed_idx").on(t.agentId, t.kind, t.prevLastHour, t.firstHour, t.key),
    index("usage_conversation_runs_session_idx").on(t.sessionId, t.kind, t.key),
  ],
);

/**
 * Per hour and group, how many conversations had turns in it (`active`) and how many of those had
 * none in the hour before (`starts`: runs beginning there), the same for the conversations reviewed
 * now and those resolved, and what the reviewed ones' turns of the hour cost. The distinct
 * conversations of whole hours [a, b) in a group are active(a) + the starts of the later hours − the
 * runs resumed in the window (first_hour < b, prev_last_hour >= a: counted again though seen before).
 * Kept by triggers on usage_conversation_runs and usage_hourly (a review's change rewrites its
 * conversation's rows there: db/migrations/0035);
 * a row may hold zeros after its conversations were deleted (the reader skips groups without turns).
 */
export const usageHourCounts = pgTable(
  "usage_hour_counts",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    key: text("key").notNull(),
    active: integer("active").notNull().default(0),
    starts: integer("starts").notNull().default(0),
    reviewedActive: integer("reviewed_active").notNull().default(0),
    reviewedStarts: integer("reviewed_starts").notNull().default(0),
    resolvedActive: integer("resolved_active").notNull().default(0),
    resolvedStarts: integer("resolved_starts").notNull().default(0),
    reviewedCostUsd: doublePrecision("reviewed_cost_usd").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.kind, t.hour, t.key] })],
);

import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";

// Pre-aggregated agent dashboard. A UTC day that ended long enough ago (see
// dashboard-rollups.ts) no longer changes, so its counts are computed once from `turns` and read
// from here; only today (and yesterday in the first hour) is counted live. At 1,000,000 turns this
// turns a ~0.9 s scan of a big agent's 14 days into reads of a few hundred rows.

/** One row per (agent, day) already rolled up: the marker that makes rolling a day happen once. */
export const dashboardRolledDays = pgTable(
  "dashboard_rolled_days",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

/** Turns of a day by outcome, intent_label and model calls (capped), as turnCountsByDay groups them. */
export const dashboardTurnCounts = pgTable(
  "dashboard_turn_counts",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    outcome: text("outcome").notNull(),
    intentLabel: text("intent_label"),
    modelCalls: integer("model_calls").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [index("dashboard_turn_counts_agent_day_idx").on(t.agentId, t.day)],
);

/** Turns of a day that fired (kind "fired") or violated ("violated") each rule id. */
export const dashboardRuleCounts = pgTable(
  "dashboard_rule_counts",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    ruleId: text("rule_id").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [index("dashboard_rule_counts_agent_day_idx").on(t.agentId, t.day)],
);

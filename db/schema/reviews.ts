import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, updatedAt } from "./columns";
import { sessions, turns } from "./conversations";

export const reviewReason = pgEnum("review_reason", ["sampled", "added"]);
export const reviewState = pgEnum("review_state", ["open", "reviewed"]);
export const turnVerdict = pgEnum("turn_verdict", ["correct", "wrong"]);

// The review queue (docs/reviews.md): one row per session at most (the primary key is the session),
// so a session sampled by a rule and added by a person still enters once.
export const sessionReviews = pgTable(
  "session_reviews",
  {
    sessionId: uuid("session_id")
      .primaryKey()
      .references(() => sessions.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    reason: reviewReason("reason").notNull(),
    /** Sampled: the outcome of the rule that picked the session. */
    sampledOutcome: text("sampled_outcome"),
    /** Added: who added it (operator e-mail or key prefix). */
    addedBy: text("added_by"),
    state: reviewState("state").notNull().default("open"),
    /** null until a reviewer decides; reviewed sessions always have it. */
    resolved: boolean("resolved"),
    note: text("note"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }),
    /** The config version of the session's last turn when it was labelled: the dashboard's grouping. */
    configVersion: integer("config_version"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("session_reviews_agent_state_created_idx").on(t.agentId, t.state, t.createdAt),
    index("session_reviews_agent_version_idx").on(t.agentId, t.configVersion),
  ],
);

// One label per reviewed turn; a wrong turn names what was at fault: a rule key or a pipeline stage.
export const reviewTurnLabels = pgTable(
  "review_turn_labels",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessionReviews.sessionId, { onDelete: "cascade" }),
    turnId: uuid("turn_id")
      .notNull()
      .references(() => turns.id, { onDelete: "cascade" }),
    verdict: turnVerdict("verdict").notNull(),
    faultRuleKey: text("fault_rule_key"),
    faultStage: text("fault_stage"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.turnId] })],
);

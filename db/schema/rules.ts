import { boolean, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";

export const ruleScope = pgEnum("rule_scope", ["GLOBAL", "SCENARIO", "STEP"]);
export const enforcementLane = pgEnum("enforcement_lane", ["deterministic", "subjective"]);
// What a hard rule's violation does once regeneration is exhausted: the safe fallback reply, or a
// handoff to a person (docs/handoffs.md).
export const ruleOnViolation = pgEnum("rule_on_violation", ["fallback", "handoff"]);

export const rules = pgTable(
  "rules",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    conditionText: text("condition_text").notNull(),
    actionText: text("action_text").notNull(),
    scope: ruleScope("scope").notNull().default("GLOBAL"),
    // scenario id (SCENARIO) or step id (STEP); null for GLOBAL. Not a foreign key: it points at
    // one of two tables, and the bundle/editor validation checks it.
    scopeId: uuid("scope_id"),
    priority: integer("priority").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    isHardConstraint: boolean("is_hard_constraint").notNull().default(false),
    enforcementExpression: text("enforcement_expression"),
    enforcementLane: enforcementLane("enforcement_lane").notNull().default("deterministic"),
    onViolation: ruleOnViolation("on_violation").notNull().default("fallback"),
    attachedToolIds: jsonb("attached_tool_ids").$type<string[]>().notNull().default([]),
    maxFiresPerSession: integer("max_fires_per_session"),
    cooldownTurns: integer("cooldown_turns").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rules_agent_key_uq").on(t.agentId, t.key),
    index("rules_agent_scope_idx").on(t.agentId, t.scope),
  ],
);

export type RuleRow = typeof rules.$inferSelect;

import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";

export const scenarios = pgTable(
  "scenarios",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    intentLabel: text("intent_label").notNull().default(""),
    entryExamples: jsonb("entry_examples").$type<string[]>().notNull().default([]),
    entryStepId: uuid("entry_step_id"),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("scenarios_agent_key_uq").on(t.agentId, t.key)],
);

export const steps = pgTable(
  "steps",
  {
    id: id(),
    scenarioId: uuid("scenario_id")
      .notNull()
      .references(() => scenarios.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    instructions: text("instructions").notNull().default(""),
    clarificationHint: text("clarification_hint").notNull().default(""),
    isTerminal: boolean("is_terminal").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("steps_scenario_key_uq").on(t.scenarioId, t.key)],
);

export const transitions = pgTable(
  "transitions",
  {
    id: id(),
    scenarioId: uuid("scenario_id")
      .notNull()
      .references(() => scenarios.id, { onDelete: "cascade" }),
    fromStepId: uuid("from_step_id")
      .notNull()
      .references(() => steps.id, { onDelete: "cascade" }),
    toStepId: uuid("to_step_id")
      .notNull()
      .references(() => steps.id, { onDelete: "cascade" }),
    conditionText: text("condition_text").notNull().default(""),
    examples: jsonb("examples").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("transitions_scenario_idx").on(t.scenarioId)],
);

export type ScenarioRow = typeof scenarios.$inferSelect;
export type StepRow = typeof steps.$inferSelect;
export type TransitionRow = typeof transitions.$inferSelect;

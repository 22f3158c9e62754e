import { jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";

/** A money variable's settings as the bundle writes them (BundleVariable). */
export interface ResponseVariableMoney {
  currency: string;
  context_words: string[];
  /** Absent when the designer added none (the English defaults still apply). */
  limit_words?: string[];
  rates: Record<string, number>;
}

// Profile field definitions.
export const profileFieldDefinitions = pgTable(
  "profile_field_definitions",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    fieldName: text("field_name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    fieldType: text("field_type").notNull(),
    validationRules: jsonb("validation_rules").$type<string[]>().notNull().default([]),
    extractionHints: jsonb("extraction_hints").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("profile_fields_agent_name_uq").on(t.agentId, t.fieldName)],
);

// Response variables: variables extracted from the response for enforcement.
export const responseVariableDefinitions = pgTable(
  "response_variable_definitions",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    description: text("description").notNull().default(""),
    patterns: jsonb("patterns").$type<string[]>().notNull().default([]),
    /** Money variables only (type "money"): currency, context words and rates; null for other types. */
    money: jsonb("money").$type<ResponseVariableMoney | null>(),
    /** Phrases variables only (type "phrases"): the names, as listed; null for other types. */
    phrases: jsonb("phrases").$type<string[] | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("response_vars_agent_name_uq").on(t.agentId, t.name)],
);

export type ProfileFieldDefinitionRow = typeof profileFieldDefinitions.$inferSelect;
export type ResponseVariableDefinitionRow = typeof responseVariableDefinitions.$inferSelect;

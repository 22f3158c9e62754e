import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { JsonContract } from "../json-contracts";
import { agents } from "./agents";
import { createdAt, id } from "./columns";

// An agent's conversation test cases: the bundle's `tests`, one row each, the case as the bundle
// holds it (lib/engine/contracts/test-case.ts; db/ stays engine-free). Cases are not configuration:
// editing one does not bump config_version.
export const agentTests = pgTable(
  "agent_tests",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    suite: text("suite").notNull(),
    testCase: jsonb("test_case").$type<JsonContract<"testCase">>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agent_tests_agent_key_uq").on(t.agentId, t.key),
    index("agent_tests_agent_suite_idx").on(t.agentId, t.suite),
  ],
);

export type AgentTestRow = typeof agentTests.$inferSelect;

import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt } from "./columns";

// Long read-only work started from the console or the API (a replay, a test run): it runs in the
// background on the instance that started it, which keeps progress and, at the end, the result here,
// so any instance can answer for it.
export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // replay | test_run
    kind: text("kind").notNull(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    // queued | running | done | failed | cancelled
    status: text("status").notNull().default("queued"),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    // What it runs and under what (never a draft bundle), as the API reports it back.
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    result: jsonb("result").$type<Record<string, unknown>>(),
    // Searchable without reading `result`: the configuration it ran on, and a one-line summary.
    configVersion: integer("config_version"),
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    error: text("error"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("job_runs_agent_kind_created_idx").on(t.agentId, t.kind, t.createdAt)],
);

export type JobRunRow = typeof jobRuns.$inferSelect;

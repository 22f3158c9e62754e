import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt } from "./columns";

// Every background job — a replay or test run started from the console or the API, and the periodic
// ones (dashboard rollups, retention) — with its progress, attempts and, at the end, its result or
// error, so any instance can answer for it and the admin Jobs page reads one table whatever runs the
// queue (pg-boss on PostgreSQL, the in-process runner on PGlite; lib/server/jobs/).
export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // replay | test_run | dashboard.rollup | retention.apply (the queue's job name)
    kind: text("kind").notNull(),
    // Null for instance-wide jobs (rollups and retention go over every agent).
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "cascade" }),
    // queued | running | done | failed | cancelled
    status: text("status").notNull().default("queued"),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    // What it runs and under what (never a draft bundle), as the API reports it back.
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    // What the handler rebuilds the work from (a draft snapshot, a bundle's cases…); never in an API
    // view, cleared when the job ends.
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    // Runs started so far (a retry is a second attempt) and how many are allowed.
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(1),
    // A queued job waits until then (the backoff before a retry).
    runAfter: timestamp("run_after", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    result: jsonb("result").$type<Record<string, unknown>>(),
    // Searchable without reading `result`: the configuration it ran on, and a one-line summary.
    configVersion: integer("config_version"),
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    error: text("error"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    // Touched by progress and a heartbeat while running: a running job older than that lost its instance.
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("job_runs_agent_kind_created_idx").on(t.agentId, t.kind, t.createdAt),
    index("job_runs_created_idx").on(t.createdAt),
    index("job_runs_status_run_after_idx").on(t.status, t.runAfter),
  ],
);

export type JobRunRow = typeof jobRuns.$inferSelect;

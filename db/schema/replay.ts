import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt } from "./columns";
import { sessions, turns } from "./conversations";

// The engine's TurnTape and AgentSnapshot shapes (lib/engine/replay/tape.ts); db/ stays engine-free.
// What each turn's ports returned (docs/replay.md): one row per turn, written in the turn's
// transaction and deleted with it. `session_id` and `turn_index` let a replay read a session's tapes
// in order, and the next turn find the previous one's, without touching `turns`.
export const turnTapes = pgTable(
  "turn_tapes",
  {
    turnId: uuid("turn_id")
      .primaryKey()
      .references(() => turns.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    turnIndex: integer("turn_index").notNull(),
    tape: jsonb("tape").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("turn_tapes_session_idx").on(t.sessionId, t.turnIndex)],
);

// The engine's view of an agent at each config_version it has had since versions were kept, so a
// session can be replayed under the configuration it ran on, or any earlier one.
export const agentConfigVersions = pgTable(
  "agent_config_versions",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    configVersion: integer("config_version").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.configVersion] })],
);

export type TurnTapeRow = typeof turnTapes.$inferSelect;

// A replay started through the API or from a trace: it runs in the background on the instance that
// started it, which keeps progress and, at the end, the report here (other instances read it).
export const replayRuns = pgTable(
  "replay_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    // queued | running | done | failed | cancelled; `cancel_requested` is set by a cancel from anywhere.
    status: text("status").notNull().default("queued"),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    mode: text("mode").notNull(),
    // What it replays and under what: target kind and version, session window or ids (never a bundle).
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    report: jsonb("report").$type<Record<string, unknown>>(),
    error: text("error"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("replay_runs_agent_created_idx").on(t.agentId, t.createdAt)],
);

export type ReplayRunRow = typeof replayRuns.$inferSelect;

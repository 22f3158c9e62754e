import { index, integer, jsonb, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import type { JsonContract } from "../json-contracts";
import { agents } from "./agents";
import { createdAt } from "./columns";
import { sessions, turns } from "./conversations";

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
    tape: jsonb("tape").$type<JsonContract<"turnTape">>().notNull(),
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
    snapshot: jsonb("snapshot").$type<JsonContract<"configSnapshot">>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.configVersion] })],
);

export type TurnTapeRow = typeof turnTapes.$inferSelect;

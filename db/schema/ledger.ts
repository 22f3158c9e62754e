import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Append-only, hash-chained (PRODUCT.md §6). A trigger (migration 0001) refuses UPDATE/DELETE.
// Payloads carry ids, hashes and field names — never raw customer text — so retention deletes of
// sessions and profiles never break the chain.
export const ledgerEvents = pgTable(
  "ledger_events",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    id: uuid("id").notNull().unique(),
    type: text("type").notNull(),
    actor: text("actor").notNull(),
    actorKind: text("actor_kind").notNull(),
    agentId: uuid("agent_id"),
    requestId: text("request_id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("ledger_type_seq_idx").on(t.type, t.seq),
    index("ledger_actor_seq_idx").on(t.actor, t.seq),
    index("ledger_agent_seq_idx").on(t.agentId, t.seq),
    // Turn detail: the turn's TURN_COMPLETED event (payload.turn_id), then every event of its request.
    // One event per turn, so without these the page would scan a million-event ledger.
    index("ledger_turn_id_idx").on(sql`(${t.payload}->>'turn_id')`),
    index("ledger_request_id_idx").on(t.requestId),
  ],
);

export type LedgerEventRow = typeof ledgerEvents.$inferSelect;

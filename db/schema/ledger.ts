import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Append-only, hash-chained in two levels (docs/ledger.md). Triggers (migrations 0001, 0010) refuse
// UPDATE/DELETE/TRUNCATE. `seq` is the table's global position (an identity: increasing, not gap-free).
// Each event belongs to one chain: 'global' (config changes, overrides, keys, customer deletion,
// anchors), appended under one advisory lock; or a session's own chain (the events a turn writes),
// appended under that session's row lock, so turns of different sessions never wait for each other.
// Within a chain `chain_seq` is gap-free from 1 and `prev_hash` is the previous event's hash (genesis:
// 64 zeros). Periodic LEDGER_ANCHORED events on the global chain commit to every session chain's head
// with a Merkle root over `ledger_anchor_leaves`. Payloads carry ids, hashes and field names — never
// raw customer text — so retention deletes of sessions and profiles never break a chain.
export const ledgerEvents = pgTable(
  "ledger_events",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    chain: text("chain").notNull().default("global"),
    chainSeq: bigint("chain_seq", { mode: "number" }).notNull(),
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
    // Each chain's order and its safety net: two appenders that read the same head cannot both commit.
    uniqueIndex("ledger_chain_seq_idx").on(t.chain, t.chainSeq),
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

// The Merkle leaves of each anchor: one per session chain whose head moved since the chain's previous
// anchor, the head as the anchor saw it. Append-only like the events (trigger in migration 0010).
export const ledgerAnchorLeaves = pgTable(
  "ledger_anchor_leaves",
  {
    /** seq of the LEDGER_ANCHORED event. */
    anchorSeq: bigint("anchor_seq", { mode: "number" }).notNull(),
    chain: text("chain").notNull(),
    chainSeq: bigint("chain_seq", { mode: "number" }).notNull(),
    /** seq of the head event, so a deleted anchored event can still be named. */
    eventSeq: bigint("event_seq", { mode: "number" }).notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.anchorSeq, t.chain] }),
    // A chain's anchored heads, newest anchor last: what the next anchor compares against.
    index("ledger_anchor_leaves_chain_idx").on(t.chain, t.anchorSeq),
  ],
);

export type LedgerAnchorLeafRow = typeof ledgerAnchorLeaves.$inferSelect;

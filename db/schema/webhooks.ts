import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";
import { sessions } from "./conversations";

// Per-agent webhooks and the log of what was sent to them (docs/webhooks.md). A webhook is not part
// of the agent's configuration version or its bundle: it holds a signing secret and names a
// receiving system of one installation, so exports and imports never carry it.
export const webhooks = pgTable(
  "webhooks",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    // Kept as issued: an HMAC needs the secret itself (unlike an API key, which is only compared by
    // hash). Shown once, at creation; never in a list, a delivery or the ledger.
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    // Subscribed event types (WEBHOOK_EVENT_TYPES in lib/webhooks/webhook-schemas.ts).
    events: text("events").array().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhooks_agent_idx").on(t.agentId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    // The session the event is about: a deleted session (retention, customer deletion) takes its
    // deliveries with it, since their payloads name it.
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    // The event's own id (Focal-Webhook-Id), the same for every attempt so a receiver can dedupe.
    eventId: uuid("event_id").notNull(),
    eventType: text("event_type").notNull(),
    // The JSON body as sent, byte for byte on every attempt.
    body: text("body").notNull(),
    // pending | delivered | failed
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    // At most the first 200 characters of the receiver's last answer.
    lastResponse: text("last_response"),
    // Set when a delivery job was queued for this row; a pending row without it waits for the sweep.
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true, mode: "date" }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
    index("webhook_deliveries_session_idx").on(t.sessionId),
    index("webhook_deliveries_undispatched_idx").on(t.state, t.dispatchedAt),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;

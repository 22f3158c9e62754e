import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { JsonContract } from "../json-contracts";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";

export const sessionChannel = pgEnum("session_channel", ["sandbox", "api", "widget"]);
export const turnOutcome = pgEnum("turn_outcome", [
  "answered",
  "clarified",
  "regenerated",
  "fallback",
  "escalated",
  "error",
  "handoff",
  "queued_for_human",
  "awaiting_approval",
  "refused_input",
  "abstained",
]);
// Who answers the customer (docs/handoffs.md): the agent, nobody yet (a handoff waits for an
// operator), or a person who claimed it. Turns in the last two are stored but run no pipeline.
export const sessionMode = pgEnum("session_mode", ["agent", "waiting", "human"]);

export const customerProfiles = pgTable(
  "customer_profiles",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    customerRef: text("customer_ref").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
    profileSchemaVersion: integer("profile_schema_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("customer_profiles_agent_ref_uq").on(t.agentId, t.customerRef)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    customerProfileId: uuid("customer_profile_id").references(() => customerProfiles.id, { onDelete: "cascade" }),
    channel: sessionChannel("channel").notNull(),
    activeScenarioId: uuid("active_scenario_id"),
    activeStepId: uuid("active_step_id"),
    variables: jsonb("variables").$type<Record<string, unknown>>().notNull().default({}),
    ruleFires: jsonb("rule_fires").$type<Record<string, { count: number; lastTurn: number }>>().notNull().default({}),
    stepClarificationCount: jsonb("step_clarification_count").$type<Record<string, number>>().notNull().default({}),
    // Continuity state sidecar (docs/continuity.md#state) (lastResolvedAction, recentActionTrace[≤5], …).
    continuity: jsonb("continuity").$type<Record<string, unknown>>().notNull().default({}),
    continuityEnabled: boolean("continuity_enabled"),
    // Goal state (docs/goals.md): original, active reformulation, candidate history.
    goal: jsonb("goal").$type<Record<string, unknown>>().notNull().default({}),
    turnCount: integer("turn_count").notNull().default(0),
    mode: sessionMode("mode").notNull().default("agent"),
    // The operator's return note: handed to the agent's next turn as context, then cleared.
    operatorNote: text("operator_note"),
    // docs/environments.md: the environment the session was created in ("draft" for the sandbox's
    // default) and the config version it was assigned; null version: follows the latest (draft, and
    // production before its first pin). Null environment: created before environments existed.
    environment: text("environment"),
    configVersion: integer("config_version"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sessions_agent_created_idx").on(t.agentId, t.createdAt),
    // Retention: an agent's sessions by last activity.
    index("sessions_agent_updated_idx").on(t.agentId, t.updatedAt),
    // A split's comparison counts its arms' sessions and turns since the split started, from the
    // index alone (turn_count is its last column): 125,000 sessions read in ~30 ms.
    index("sessions_agent_env_version_idx").on(t.agentId, t.environment, t.configVersion, t.createdAt, t.turnCount),
  ],
);

export const turns = pgTable(
  "turns",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    turnIndex: integer("turn_index").notNull(),
    userMessage: text("user_message").notNull(),
    response: text("response").notNull(),
    outcome: turnOutcome("outcome").notNull(),
    detectedIntent: text("detected_intent"),
    // The routed scenario's intent_label: the intent log the dashboard heatmap reads (persist step).
    intentLabel: text("intent_label"),
    fallbackReason: text("fallback_reason"),
    scenarioId: uuid("scenario_id"),
    stepId: uuid("step_id"),
    firedRuleIds: jsonb("fired_rule_ids").$type<string[]>().notNull().default([]),
    violatedRuleIds: jsonb("violated_rule_ids").$type<string[]>().notNull().default([]),
    provenance: jsonb("provenance").$type<JsonContract<"turnProvenance">>().notNull().default(sql`'{}'::jsonb`),
    latencyMs: integer("latency_ms").notNull().default(0),
    modelCalls: integer("model_calls").notNull().default(0),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    // US dollars at the agent's prices when the turn ran (docs/pipeline.md#what-a-turn-costs); null
    // when a model it called had no price. Turns stored before prices existed read 0.
    costUsd: doublePrecision("cost_usd").default(0),
    provider: text("provider").notNull().default("offline"),
    model: text("model").notNull().default("offline"),
    configVersion: integer("config_version").notNull(),
    // The session's environment, copied so a split's comparison reads turns alone (no join).
    environment: text("environment"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("turns_session_index_uq").on(t.sessionId, t.turnIndex),
    // Traces list: newest first per agent, keyset on (created_at, id).
    index("turns_agent_created_idx").on(t.agentId, t.createdAt, t.id),
    index("turns_created_idx").on(t.createdAt, t.id),
    index("turns_outcome_created_idx").on(t.outcome, t.createdAt),
    index("turns_agent_intent_created_idx").on(t.agentId, t.intentLabel, t.createdAt),
    // Traces filters "rule fired" / "violated rule": `@>` containment. A rare rule (say 0.1 % of an
    // agent's 200,000 turns) would make the keyset walk read every row; the GIN bitmap finds its 200.
    // jsonb_path_ops: a third of jsonb_ops's size and only `@>` is asked of it.
    index("turns_fired_rules_gin").using("gin", t.firedRuleIds.op("jsonb_path_ops")),
    index("turns_violated_rules_gin").using("gin", t.violatedRuleIds.op("jsonb_path_ops")),
    // A split's comparison reads each arm's latest turns newest first from this index alone (an
    // index-only scan: outcome, latency, model calls, session and cost are its last columns). Reading the
    // heap instead cost 2.8 µs a turn, 840 ms for 300,000 (docs/environments.md#comparison).
    index("turns_agent_env_version_created_idx").on(
      t.agentId,
      t.environment,
      t.configVersion,
      t.createdAt,
      t.outcome,
      t.latencyMs,
      t.modelCalls,
      t.sessionId,
      t.costUsd,
    ),
  ],
);

// One row per pipeline stage, shaped like an OpenTelemetry span so it can be exported.
export const traceSpans = pgTable(
  "trace_spans",
  {
    id: id(),
    turnId: uuid("turn_id")
      .notNull()
      .references(() => turns.id, { onDelete: "cascade" }),
    parentSpanId: uuid("parent_span_id"),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    startOffsetMs: doublePrecision("start_offset_ms").notNull(),
    durationMs: doublePrecision("duration_ms").notNull(),
    status: text("status").notNull().default("ok"),
    decision: text("decision").notNull().default(""),
    attributes: jsonb("attributes").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("trace_spans_turn_idx").on(t.turnId, t.position)],
);

// API idempotency: one row per (api key, Idempotency-Key); the stored response is replayed.
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    id: id(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: text("status").$type<"in_flight" | "done">().notNull().default("in_flight"),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_scope_key_uq").on(t.scope, t.key), index("idempotency_expires_idx").on(t.expiresAt)],
);

export type CustomerProfileRow = typeof customerProfiles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type TurnRow = typeof turns.$inferSelect;
export type TraceSpanRow = typeof traceSpans.$inferSelect;

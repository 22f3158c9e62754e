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
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";
import { turns } from "./conversations";

export const loopKind = pgEnum("loop_kind", ["external", "turn"]);

// The loop trace record (docs/loops.md), every field, plus the scores and links Focal needs around it.
export const loopTraces = pgTable(
  "loop_traces",
  {
    id: id(),
    loopId: text("loop_id").notNull(),
    familyId: text("family_id").notNull(),
    kind: loopKind("kind").notNull().default("external"),
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "cascade" }),
    turnId: uuid("turn_id").references(() => turns.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    rerunOf: text("rerun_of"),
    rerunDepth: integer("rerun_depth"),
    rerunCount: integer("rerun_count").default(0),
    maxReruns: integer("max_reruns").default(3),
    biasEcho: boolean("bias_echo").default(false),
    repeatedTags: jsonb("repeated_tags").$type<string[] | null>(),
    reflectionFatigue: doublePrecision("reflection_fatigue").default(0),
    fatigueIncreased: boolean("fatigue_increased").default(false),
    rerunReason: text("rerun_reason"),
    rerunReasonDetail: text("rerun_reason_detail"),
    rerunTrigger: jsonb("rerun_trigger").$type<string[] | null>(),
    forceFinalize: boolean("force_finalize").default(false),
    overriddenBy: text("overridden_by"),
    orchestratorPersona: text("orchestrator_persona"),
    reflectionPersona: text("reflection_persona"),
    alignmentScore: doublePrecision("alignment_score"),
    driftScore: doublePrecision("drift_score"),
    summaryValid: boolean("summary_valid"),
    biasTags: jsonb("bias_tags").$type<Array<Record<string, unknown>>>().notNull().default([]),
    decision: text("decision"),
    // Why the family stopped (thresholds_met, rerun_limit_reached, fatigue_threshold_exceeded, bias_echo_detected).
    finalizeReason: text("finalize_reason"),
    // Rerun reasoning when it reran (trigger, reason, detail, timestamp, persona, overridden_by;
    // docs/loops.md#rerun-reasoning).
    reasoning: jsonb("reasoning").$type<Record<string, unknown> | null>(),
    // The stored operator override (POST /orchestrator/override-guardrails), honoured at the next completion.
    overrideFatigue: boolean("override_fatigue").notNull().default(false),
    overrideMaxReruns: boolean("override_max_reruns").notNull().default(false),
    overrideReason: text("override_reason"),
    overriddenAt: timestamp("overridden_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("loop_traces_loop_id_uq").on(t.loopId),
    index("loop_traces_family_idx").on(t.familyId),
    index("loop_traces_agent_created_idx").on(t.agentId, t.createdAt),
    index("loop_traces_turn_idx").on(t.turnId),
    // The dashboard lists newest first with a (created_at, id) keyset cursor.
    index("loop_traces_created_idx").on(t.createdAt, t.id),
  ],
);

// Global bias history (the bias echo filter counts occurrences of a tag across all loops).
export const biasHistory = pgTable(
  "bias_history",
  {
    id: id(),
    tag: text("tag").notNull(),
    loopId: text("loop_id").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("bias_history_tag_idx").on(t.tag), index("bias_history_loop_idx").on(t.loopId)],
);

export const loopCompletions = pgTable(
  "loop_completions",
  {
    id: id(),
    loopId: text("loop_id").notNull(),
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("loop_completions_loop_idx").on(t.loopId, t.createdAt)],
);

export const overrides = pgTable(
  "overrides",
  {
    id: id(),
    loopId: text("loop_id").notNull(),
    overrideFatigue: boolean("override_fatigue").notNull().default(false),
    overrideMaxReruns: boolean("override_max_reruns").notNull().default(false),
    overriddenBy: text("overridden_by").notNull(),
    overrideReason: text("override_reason").notNull(),
    actorKind: text("actor_kind").$type<"operator" | "api_key">().notNull(),
    ledgerSeq: integer("ledger_seq"),
    createdAt: createdAt(),
  },
  (t) => [index("overrides_loop_idx").on(t.loopId, t.createdAt)],
);

export type LoopTraceRow = typeof loopTraces.$inferSelect;
export type LoopTraceInsert = typeof loopTraces.$inferInsert;
export type OverrideRow = typeof overrides.$inferSelect;

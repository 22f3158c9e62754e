import { z } from "zod";
import { DivergenceSchema } from "@/lib/engine/replay/divergence-schema";
import { runViewSchema } from "@/lib/jobs/run-view-schema";
import { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";

// Response shapes of the replay endpoints, for the OpenAPI document and the API tests. They describe
// what lib/replay/server/replay-report.ts builds from the engine's replay (lib/engine/replay/).

const Ref = z.object({ id: z.string(), name: z.string() }).nullable();

const PassageRef = z.object({ passage_id: z.string(), source_title: z.string() });

const TurnDecisionsSchema = z.object({
  outcome: z.string(),
  response: z.string(),
  scenario: Ref,
  step: Ref,
  rules_fired: z.array(z.string()).describe("Keys of the rules that fired, in order"),
  rules_violated: z.array(z.string()).describe("Keys of rules caught on a draft before anything shipped"),
  checks: z.record(z.string(), z.string()).describe("`lane:rule_key` → passed | failed | unresolved | skipped"),
  tools: z.array(z.object({ key: z.string(), ok: z.boolean() })),
  model_calls: z.number().int(),
  regenerations: z.number().int(),
  fallback_reason: z.string().nullable(),
  knowledge: z
    .object({
      used: z.array(PassageRef).describe("The passages handed to generation, best first"),
      cited: z.array(z.string()).describe("Ids of the passages the reply rests on"),
      abstained: z.boolean(),
    })
    .nullable()
    .describe("The knowledge the reply was written from; null when the agent has none"),
});

const SetChange = z.object({ started: z.array(z.string()), stopped: z.array(z.string()) });

const DecisionDiffSchema = z.object({
  same: z.boolean(),
  changed: z.array(z.string()).describe("Which decisions differ: outcome, response, scenario, step, rules_fired, …"),
  outcome: z.object({ before: z.string(), after: z.string() }).optional(),
  response: z
    .array(z.object({ text: z.string(), op: z.enum(["same", "added", "removed"]) }))
    .optional()
    .describe("Word diff of the reply: removed = only in the stored turn, added = only in the replay"),
  scenario: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
  step: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
  rules_fired: SetChange.optional(),
  rules_violated: SetChange.optional(),
  checks: z
    .array(z.object({ check: z.string(), before: z.string().nullable(), after: z.string().nullable() }))
    .optional(),
  tools: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).optional(),
  model_calls: z.object({ before: z.number(), after: z.number() }).optional(),
  knowledge: z
    .object({
      started: z.array(PassageRef).describe("Passages only the replay used"),
      stopped: z.array(PassageRef).describe("Passages only the stored turn used"),
      abstained: z.object({ before: z.boolean(), after: z.boolean() }),
    })
    .optional(),
  newly_blocked: z.boolean(),
  newly_unblocked: z.boolean(),
});

const ReplayedTurnSchema = z.object({
  sessionId: z.string(),
  turnId: z.string(),
  turnIndex: z.number().int(),
  status: z.enum(["same", "changed", "not_replayable"]),
  diverged: z.boolean().describe("Frozen: a call the configuration made was not on the tape; see divergences"),
  divergences: z.array(DivergenceSchema),
  startDrift: z
    .array(z.string())
    .optional()
    .describe(
      "Fields of the state the turn started from that differ from what it ran with (`history`, `variables`, `fallbackStreak`, …); absent when none do",
    ),
  before: TurnDecisionsSchema,
  after: TurnDecisionsSchema.nullable(),
  diff: DecisionDiffSchema.nullable(),
  note: z.string().nullable(),
  stages: z.array(z.object({ name: z.string(), status: z.string(), decision: z.string() })).optional(),
});

const ReplayReportSchema = z.object({
  mode: z.enum(["frozen", "live"]),
  target: z.object({
    kind: z.enum(["draft", "current", "version", "recorded"]),
    config_version: z.number().int().nullable(),
  }),
  counts: z.object({
    sessions: z.number().int(),
    turns: z.number().int(),
    replayed: z.number().int(),
    same: z.number().int(),
    changed: z.number().int(),
    not_replayable: z.number().int(),
    diverged: z.number().int(),
    outcome_changes: z.number().int(),
    newly_blocked: z.number().int(),
    newly_unblocked: z.number().int(),
  }),
  rules_started: z.record(z.string(), z.number().int()),
  rules_stopped: z.record(z.string(), z.number().int()),
  turns: z.array(ReplayedTurnSchema).describe("Changed turns first, then not replayable ones"),
  model_calls: z.object({ before: z.number().int(), after: z.number().int() }),
  live_model_calls: z.number().int(),
  stops: z
    .array(
      z.object({
        session_id: z.string(),
        turn_index: z.number().int().describe("The last turn replayed (0-based); -1 when none was"),
        reason: z.enum(["handoff", "approval"]),
        note: z.string(),
      }),
    )
    .optional()
    .describe("Sessions whose replay stopped where a person came in (docs/replay.md#people-in-the-session)"),
});

export const ReplayRunViewSchema = runViewSchema("replay_id", ReplayReportSchema, {
  progress: "Sessions replayed of total",
});

export const ImpactPreviewSchema = z.object({
  changes_config: z.boolean().describe("false: the draft is the saved configuration; nothing was replayed"),
  base_config_version: z.number().int(),
  report: ReplayReportSchema,
  stamp: ImpactPreviewStamp.nullable().describe(
    "Send as `impact_preview` with the save of this draft: its CONFIG_CHANGED event records the counts",
  ),
  tests: z
    .object({
      cases: z.number().int(),
      passing_before: z.number().int(),
      passing_after: z.number().int(),
      turned_red: z.array(z.object({ key: z.string(), name: z.string(), failures: z.array(z.string()) })),
      turned_green: z.array(z.object({ key: z.string(), name: z.string(), failures: z.array(z.string()) })),
    })
    .nullable()
    .describe("The agent's conversation tests, frozen, on the saved configuration and on the draft"),
});

import { z } from "zod";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import { ErrorBody } from "@/lib/openapi/error-body";
import { SESSION_CHANNELS } from "./turn-view";

// Response bodies of the session and turn routes (the JSON answer and the event stream): declared by the
// routes, drawn by the OpenAPI document.

/** A secret key's new session; a publishable key's answer is CustomerSessionResponse (lib/widget/), with its token. */
export const CreateSessionResponse = z.object({ session_id: z.string().uuid() });

/** What a reply commits to for one variable (DeclaredClaim in lib/engine/contracts/model.ts). */

const DeclaredClaimBody = z
  .union([z.object({ amount: z.number(), currency: z.string() }), z.number(), z.boolean()])
  .nullable();

/** One enforcement check of the shipped reply (RuleCheck in lib/engine/contracts/turn-outcome.ts). */

const RuleCheckBody = z.object({
  ruleId: z.string(),
  ruleKey: z.string(),
  ruleName: z.string(),
  lane: z.union([z.literal(1), z.literal(2)]),
  result: z.enum(["passed", "failed", "unresolved", "skipped", "reported"]),
  detail: z.string(),
  variables: z.record(z.string(), z.unknown()).optional().describe("Lane 1: the variables the expression saw"),
  unresolved: z.array(z.string()).optional(),
  score: z.number().optional().describe("Lane 2: the judge's score"),
  blocking: z.boolean().optional().describe("Unresolved, yet it stops the reply like a failure"),
  claims: z
    .array(
      z.object({
        variable: z.string(),
        status: z.enum(["declared", "null", "absent", "malformed"]),
        declared: DeclaredClaimBody,
        extracted: z.array(z.unknown()).describe("What the text states: money in the variable's currency"),
        currency: z.string().optional().describe("Money variables: the currency of `extracted`"),
        agrees: z.boolean(),
        why: z.string().optional(),
      }),
    )
    .optional()
    .describe("Lane 1: what the reply declared beside what its text states, per variable the rule reads"),
  decidedBy: z
    .enum(["text", "claim", "agreement", "same_verdict", "judge", "block", "allow"])
    .optional()
    .describe(
      "Lane 1: which evidence decided: the text, the declared claim, both agreeing, or for a conflict what enforcement.unresolved sent it to (same_verdict: traces of earlier versions)",
    ),
  conflict: z
    .object({
      variable: z.string(),
      declared: DeclaredClaimBody,
      extracted: z.array(DeclaredClaimBody),
      declaredPasses: z.boolean().nullable(),
      extractedPasses: z.array(z.boolean().nullable()),
      reason: z.string(),
    })
    .optional()
    .describe("Lane 1: the claim conflict that left the rule unresolved"),
  unsupportedFacts: z
    .array(z.object({ kind: z.string(), value: z.string(), text: z.string() }))
    .optional()
    .describe("The ungrounded check: the facts the reply states that none of the turn's evidence holds"),
});

const Provenance = z.object({
  goal: z.object({
    original: z.string().nullable(),
    active_reformulation: z.string().nullable(),
    evidence_ids: z.array(z.string()),
  }),
  rules_applied: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      hard: z.boolean(),
      lane: z.enum(["deterministic", "subjective"]),
    }),
  ),
  scenario: z.object({ id: z.string(), name: z.string() }).nullable(),
  step: z.object({ id: z.string(), name: z.string() }).nullable(),
  tools_called: z.array(z.object({ key: z.string(), name: z.string(), ok: z.boolean(), detail: z.string() })),
  enforcement: z.object({
    lane1: z.object({ passed: z.number(), failed: z.number(), unresolved: z.number() }),
    lane2: z.object({ passed: z.number(), failed: z.number(), skipped: z.number() }),
    checks: z.array(RuleCheckBody),
    violations_caught: z.array(z.object({ rule_key: z.string(), lane: z.number(), detail: z.string() })),
  }),
  regenerations: z.number().int(),
  fallback_reason: z.string().nullable(),
  continuity: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe("Continuity telemetry of the turn when continuity is enabled (docs/continuity.md)"),
  language: z
    .object({ detected: z.string().nullable(), reply: z.string() })
    .optional()
    .describe("The customer's language (null: not clear from the message) and the reply's (docs/pipeline.md#language)"),
  provider: z.string(),
  model: z.string(),
  config_version: z.number().int(),
  environment: z
    .string()
    .nullable()
    .optional()
    .describe("The session's environment (docs/environments.md); absent on turns from before environments"),
  budget: z
    .object({
      period: z.enum(["day", "month"]),
      spent_usd: z.number(),
      budget_usd: z.number(),
      action: z.enum(["notify", "offline", "handoff"]),
    })
    .optional()
    .describe(
      "Present when a budget period was spent before the turn ran (docs/budgets.md): offline turns made no model call, handoff turns went to a person",
    ),
  knowledge: z
    .object({
      used: z.array(
        z.object({ passage_id: z.string(), source_id: z.string(), source_title: z.string(), score: z.number() }),
      ),
      citations: z.array(
        z.object({
          passage_id: z.string(),
          source_id: z.string(),
          source_title: z.string(),
          source_url: z.string().optional().describe("A url source's address (docs/knowledge.md#url-sources)"),
        }),
      ),
      abstained: z.boolean(),
      cited_by: z.enum(["declared", "overlap", "none"]),
      answerability: z.number(),
    })
    .optional()
    .describe(
      "The knowledge the reply was written from (docs/knowledge.md): the passages handed to generation, the ones it cites, and whether the agent said it does not know; absent for an agent without knowledge",
    ),
});

const Outcome = z.enum(TURN_OUTCOMES);

export const PostTurnResponse = z.object({
  turn_id: z.string().uuid(),
  session_id: z.string().uuid(),
  response: z.string(),
  outcome: Outcome,
  provenance: Provenance,
  model_calls: z.number().int(),
  cost_usd: z
    .number()
    .nullable()
    .describe(
      "US dollars of the turn's model tokens at the agent's prices (settings pricing); null when a model it called has no price",
    ),
  latency_ms: z.number().int(),
});

/** One event of the turn stream (Accept: text/event-stream): `event: <name>` and one `data:` line of JSON. */

export const TurnStreamEvent = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("stage"),
    data: z.object({
      name: z.string(),
      status: z.enum(["ok", "error", "skipped"]),
      decision: z.string(),
      start_offset_ms: z.number(),
      duration_ms: z.number(),
      attempt: z.number().int().min(1),
    }),
  }),
  z.object({ event: z.literal("turn"), data: PostTurnResponse }),
  z.object({
    event: z.literal("error"),
    data: ErrorBody.extend({
      status: z.number().int(),
      retry_after: z
        .number()
        .int()
        .optional()
        .describe("Seconds to wait before sending the same request again (503 DB_UNAVAILABLE or RETRY)"),
    }),
  }),
]);

const SpanBody = z.object({
  name: z.string(),
  start_offset_ms: z.number(),
  duration_ms: z.number(),
  status: z.enum(["ok", "error", "skipped"]),
  decision: z.string(),
  attributes: z.record(z.string(), z.unknown()),
});

const TurnBody = z.object({
  id: z.string().uuid(),
  session_id: z.string().uuid(),
  turn_index: z.number().int(),
  user_message: z.string(),
  response: z.string(),
  outcome: Outcome,
  fallback_reason: z.string().nullable(),
  provenance: Provenance,
  spans: z.array(SpanBody),
  latency_ms: z.number().int(),
  model_calls: z.number().int(),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  cost_usd: z
    .number()
    .nullable()
    .describe(
      "US dollars of the turn's model tokens at the agent's prices (settings pricing); null when a model it called has no price",
    ),
  config_version: z.number().int(),
  provider: z.string(),
  model: z.string(),
  created_at: z.string(),
});

export const SessionBody = z.object({
  session: z.object({
    id: z.string().uuid(),
    agent_key: z.string(),
    channel: z.enum(SESSION_CHANNELS),
    customer_id: z.string().nullable(),
    active_scenario: z.object({ id: z.string(), name: z.string() }).nullable(),
    active_step: z.object({ id: z.string(), name: z.string() }).nullable(),
    variables: z.record(z.string(), z.unknown()),
    profile: z.record(z.string(), z.unknown()),
    turn_count: z.number().int(),
    /** Who answers the customer: the agent, nobody yet (waiting), or a person (docs/handoffs.md). */
    mode: z.enum(["agent", "waiting", "human"]),
    continuity_enabled: z.boolean().nullable(),
    environment: z
      .string()
      .nullable()
      .describe("Where the session runs (docs/environments.md); null before environments"),
    config_version: z
      .number()
      .int()
      .nullable()
      .describe("The version its turns run at; null: follows the latest (draft, unpinned production)"),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  turns: z.array(TurnBody),
});

/** A turn read on its own also carries the regeneration loops it ran (docs/loops.md); null until a loop completes. */

export const TurnDetailBody = TurnBody.extend({
  loops: z.array(
    z.object({
      loop_id: z.string(),
      decision: z.string().nullable().describe("rerun, finalize or halt"),
      rerun_count: z.number().int().nullable(),
      reflection_fatigue: z.number().nullable(),
      force_finalize: z.boolean().nullable(),
    }),
  ),
});

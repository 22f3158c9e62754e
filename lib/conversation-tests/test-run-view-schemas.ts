import { z } from "zod";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import { DivergenceSchema } from "@/lib/engine/replay/divergence-schema";
import { runViewSchema } from "@/lib/jobs/run-view-schema";

// Response shapes of the test-run endpoints, for the OpenAPI document and the API tests. They describe
// what lib/engine/conversation-tests/run-suite.ts reports and lib/conversation-tests/server/test-runs.ts stores.

const AssertionResultSchema = z.object({
  path: z.string().describe("turns[2].assertions[0] or assertions[1]"),
  name: z.string().optional().describe('For people, from its kind and value: Turn 2 should mention "2-day review"'),
  kind: z.string(),
  passed: z.boolean(),
  detail: z.string(),
  rule: z.string().optional().describe("The rule key a rule_* assertion names"),
});

/** What a turn did, in the keys a test case speaks (lib/engine/conversation-tests/turn-facts.ts). */
const TurnFactsSchema = z.object({
  outcome: z.enum(TURN_OUTCOMES),
  response: z.string(),
  scenario: z.string().nullable(),
  step: z.string().nullable().describe("scenario/step"),
  rulesFired: z.array(z.string()),
  rulesViolated: z.array(z.string()),
  shippedLane1Failures: z.array(z.string()),
  modelCalls: z.number().int(),
  stated: z.record(z.string(), z.array(z.unknown())).describe("Values the shipped reply stated, per response variable"),
  profile: z.record(z.string(), z.unknown()),
  sessionVariables: z.record(z.string(), z.unknown()),
  handoffReason: z.string().nullable().describe("Why the turn handed off to a person, when it did"),
  approvalTool: z.string().nullable().describe("The tool key the turn paused before for an approval, when it did"),
  followUp: z
    .string()
    .nullable()
    .optional()
    .describe("The person's follow-up the shipped reply promised, when it did (absent in runs stored before)"),
  cited: z
    .array(z.object({ id: z.string(), title: z.string() }))
    .optional()
    .describe("The knowledge sources the reply cites (docs/knowledge.md); absent in runs stored before"),
  abstained: z
    .boolean()
    .optional()
    .describe("The agent said it does not know (outcome abstained); absent in runs stored before"),
});

const CaseTrySchema = z.object({
  passed: z.boolean(),
  turns: z.array(
    z.object({
      index: z.number().int(),
      recorded_turn_id: z.string().optional().describe("The stored turn a case saved from a session was recorded from"),
      message: z.string(),
      facts: TurnFactsSchema,
      assertions: z.array(AssertionResultSchema),
      served: z.enum(["tape", "diverged", "provider"]),
      divergences: z.array(DivergenceSchema),
    }),
  ),
  conversation: z.array(AssertionResultSchema),
  failures: z.array(AssertionResultSchema),
  error: z.string().nullable(),
});

const SuiteReportSchema = z.object({
  mode: z.enum(["frozen", "offline", "live"]),
  k: z.number().int(),
  tries: z.number().int(),
  config_version: z.number().int(),
  cases: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      suite: z.string(),
      tags: z.array(z.string()),
      tries: z.number().int(),
      passes: z.number().int(),
      pass_1: z.number(),
      pass_k: z.number().describe("C(passes, k) / C(tries, k)"),
      status: z.enum(["passed", "failed", "flaky"]),
      detail: CaseTrySchema.describe("The first failing try, else the last"),
    }),
  ),
  reliability: z.object({
    cases: z.number().int(),
    pass_1: z.number(),
    pass_k: z.number(),
    k: z.number().int(),
    flaky: z.number().int(),
  }),
  passed: z.number().int(),
  failed: z.number().int(),
  flaky: z.number().int(),
  model_calls: z.number().int(),
});

export const TestRunViewSchema = runViewSchema("test_run_id", SuiteReportSchema, {
  progress: "Cases run of total",
  configVersion: "The saved configuration tested; null for a bundle draft",
});

import { z } from "zod";

// What "Check routing" answers: one row per entry example (run leave-one-out through the local sensor),
// one row per scenario, and a summary. The REST route, the console and `focal test` show this one shape.

/** A scenario with fewer entry examples than this is flagged: leave-one-out leaves it one or none to match. */
export const MIN_EXAMPLES = 3;

/** Where the local sensor sent an example: its own scenario, another one, nowhere, a clarifying question, or out. */
const RoutingOutcome = z.enum(["own", "other", "none", "ambiguous", "exit"]);

const ExampleProblem = z.enum(["closer_to_other", "not_routed_home"]);

const ScenarioProblem = z.enum(["few_examples", "disabled"]);

const ScenarioScore = z.object({
  scenario_key: z.string(),
  confidence: z.number().describe("The local sensor's intent confidence for this scenario, 0–1"),
});

export const RoutingCheckExample = z.object({
  scenario_key: z.string().describe("The scenario the example belongs to"),
  example: z.string(),
  outcome: RoutingOutcome,
  routed_to: z.string().nullable().describe("Scenario key the example entered; null for none, ambiguous or exit"),
  confidence: z.number().describe("How sure the local sensor was of where it sent the example, 0–1"),
  own_confidence: z.number().describe("Intent confidence of its own scenario without this example, 0–1"),
  runner_up: ScenarioScore.nullable().describe("The closest scenario other than where it went"),
  problem: ExampleProblem.nullable(),
  advice: z.string().nullable().describe("What is wrong and what to do, in plain words; null when it routes home"),
});

export const RoutingCheckScenario = z.object({
  scenario_key: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  examples: z.number().int(),
  checked: z.number().int().describe("Examples checked: all of them unless the agent is too large to check at once"),
  routed_home: z.number().int().describe("Examples that entered this scenario when left out of it"),
  problem: ScenarioProblem.nullable(),
  advice: z.string().nullable(),
});

export const RoutingCheckReport = z.object({
  examples: z.array(RoutingCheckExample),
  scenarios: z.array(RoutingCheckScenario),
  summary: z.object({
    examples: z.number().int().describe("Entry examples checked (enabled scenarios only)"),
    routed_home: z.number().int(),
    accuracy: z.number().nullable().describe("routed_home / examples; null with no examples to check"),
    flagged_examples: z.number().int(),
    flagged_scenarios: z.number().int().describe("Enabled scenarios with fewer than 3 entry examples"),
    unchecked: z
      .number()
      .int()
      .describe("Examples of enabled scenarios not checked: an agent with more than about 300 gets a sample"),
  }),
});
export type RoutingCheckReport = z.infer<typeof RoutingCheckReport>;
export type RoutingCheckExample = z.infer<typeof RoutingCheckExample>;
export type RoutingCheckScenario = z.infer<typeof RoutingCheckScenario>;

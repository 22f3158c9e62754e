import { z } from "zod";
import { AgentKey } from "@/lib/engine/contracts/bundle";

// Environments pin an agent's config versions (docs/environments.md): client-safe schemas shared by the
// REST routes, the console's actions and forms, and the OpenAPI document.

export const DRAFT = "draft";
export const PRODUCTION = "production";

export const EnvironmentName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "Lowercase letters, digits and dashes, starting with a letter, at most 32")
  .refine((name) => name !== DRAFT, "draft is always the latest version; it cannot be created or pinned");

/** Where a new session runs: `draft` (latest, the sandbox's default) or a named environment. */
export const SessionEnvironment = z.union([z.literal(DRAFT), EnvironmentName]);

const ConfigVersion = z.number().int().min(1);
const ForceReason = z.string().trim().min(1, "Say why the promotion may turn these tests red").max(1000);

export const CreateEnvironmentBody = z.strictObject({
  name: EnvironmentName,
  config_version: ConfigVersion.optional().describe("The version to pin; the latest when left out"),
});

export const PromoteBody = z.strictObject({
  config_version: ConfigVersion,
  force_reason: ForceReason.optional().describe("An admin promoting past a blocking test gate says why"),
});

export const MAX_SPLIT_ARMS = 5;

const SplitArm = z.strictObject({ config_version: ConfigVersion, percent: z.number().int().min(1).max(99) });

export const SplitBody = z.strictObject({
  arms: z
    .array(SplitArm)
    .min(2, "A split needs two versions or more")
    .max(MAX_SPLIT_ARMS, `At most ${MAX_SPLIT_ARMS} versions`)
    .superRefine((arms, ctx) => {
      const total = arms.reduce((sum, arm) => sum + arm.percent, 0);
      if (total !== 100) ctx.addIssue({ code: "custom", message: `The percentages add up to ${total}, not 100` });
      const seen = new Set<number>();
      arms.forEach((arm, i) => {
        if (seen.has(arm.config_version)) {
          ctx.addIssue({
            code: "custom",
            path: [i, "config_version"],
            message: `Version ${arm.config_version} is listed twice`,
          });
        }
        seen.add(arm.config_version);
      });
    }),
});

export const EndSplitBody = z.strictObject({
  keep: ConfigVersion.describe("The arm's version the environment keeps; promoting it runs the test gate"),
  force_reason: ForceReason.optional(),
});

// The console's actions name the agent and the environment in the input.
const AgentEnvironment = { agent_key: AgentKey, environment: EnvironmentName };
export const CreateEnvironmentInput = z.strictObject({ agent_key: AgentKey, ...CreateEnvironmentBody.shape });
export const DeleteEnvironmentInput = z.strictObject(AgentEnvironment);
export const PromoteInput = z.strictObject({ ...AgentEnvironment, ...PromoteBody.shape });
export const RollbackInput = z.strictObject(AgentEnvironment);
export const SplitInput = z.strictObject({ ...AgentEnvironment, ...SplitBody.shape });
export const EndSplitInput = z.strictObject({ ...AgentEnvironment, ...EndSplitBody.shape });

export const EnvironmentBody = z.object({
  name: z.string(),
  pinned_version: z.number().int().nullable().describe("null: follows the latest version"),
  serves_version: z.number().int().describe("What a new session gets outside a split"),
  split: z
    .object({
      arms: z.array(z.object({ config_version: z.number().int(), percent: z.number().int() })),
      started_at: z.string(),
    })
    .nullable(),
  promotion_running: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EnvironmentBody = z.infer<typeof EnvironmentBody>;

export const EnvironmentList = z.object({ latest_version: z.number().int(), environments: z.array(EnvironmentBody) });
export type EnvironmentList = z.infer<typeof EnvironmentList>;

export const DeletedEnvironmentBody = z.object({ deleted: z.string() });

const RateBody = z.object({
  count: z.number().int(),
  of: z.number().int(),
  rate: z.number(),
  low: z.number().describe("95 % Wilson interval, lower end"),
  high: z.number().describe("95 % Wilson interval, upper end"),
});

export const COMPARED_RATES = ["handoff", "blocked", "fallback", "resolution"] as const;

export const ComparisonArm = z.object({
  config_version: z.number().int(),
  percent: z.number().int(),
  sessions: z.number().int().describe("Sessions with at least one turn since the split started"),
  turns: z.number().int(),
  window_turns: z.number().int().describe("The arm's latest turns the rates below read (at most 10,000)"),
  handoff: RateBody.describe("Sessions handed to a person, of the sessions among the window's turns"),
  blocked: RateBody.describe("Turns regenerated because a rule blocked the draft, of the window's turns"),
  fallback: RateBody.describe("Fallback turns, of the window's turns"),
  resolution: RateBody.nullable().describe("Resolved, of reviewed sessions; null without reviews"),
  model_calls_per_turn: z.number().nullable().describe("Over the window's turns"),
  p95_latency_ms: z.number().nullable().describe("Over the window's turns"),
  cost_per_conversation: z
    .object({
      sessions: z.number().int(),
      mean_usd: z.number(),
      low_usd: z.number().describe("95 % interval of the mean, lower end (normal approximation)"),
      high_usd: z.number().describe("95 % interval of the mean, upper end"),
    })
    .nullable()
    .describe("What a conversation among the window's turns cost (docs/budgets.md); null without one"),
});
export type ComparisonArm = z.infer<typeof ComparisonArm>;

const ComparisonDifference = z.object({
  config_version: z.number().int(),
  metric: z.enum(COMPARED_RATES),
  verdict: z.enum(["clear", "not_enough", "no_difference"]),
  more_needed: z.number().int(),
  words: z.string(),
});

export const ComparisonBody = z.object({
  environment: z.string(),
  split_started_at: z.string(),
  baseline_version: z.number().int().describe("The arm the others are compared with: the pin, else the first arm"),
  arms: z.array(ComparisonArm),
  differences: z.array(ComparisonDifference),
});
export type ComparisonBody = z.infer<typeof ComparisonBody>;

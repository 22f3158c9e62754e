import { z } from "zod";

// What GET /api/v1/agents/{key}/usage takes and answers (docs/pipeline.md#reading-cost): the agent's
// tokens, cost, turns and conversations between two instants, grouped by UTC day, config version or
// environment, and what a resolved conversation cost where reviewers labelled conversations.

export const USAGE_GROUPS = ["day", "version", "environment"] as const;
/** The longest window one request may read: a year of days. */
export const MAX_USAGE_DAYS = 366;

export const UsageQuery = z
  .object({
    from: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("Start, inclusive (ISO 8601); default 30 days before `to`"),
    to: z.iso.datetime({ offset: true }).optional().describe("End, exclusive (ISO 8601); default now"),
    group: z.enum(USAGE_GROUPS).default("day"),
  })
  .strict();
export type UsageQuery = z.infer<typeof UsageQuery>;

export const UsageRow = z.object({
  key: z
    .string()
    .describe("The UTC day (YYYY-MM-DD), the config version, or the environment (`none` before environments)"),
  turns: z.number().int(),
  conversations: z.number().int(),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  cost_usd: z.number().describe("Of the turns with a price; `unpriced_turns` says how many had none"),
  unpriced_turns: z.number().int(),
  cost_per_conversation_usd: z.number().nullable(),
  reviewed_conversations: z.number().int(),
  resolved_conversations: z.number().int(),
  cost_per_resolved_conversation_usd: z
    .number()
    .nullable()
    .describe("What the reviewed conversations cost, divided by the resolved ones among them; null without one"),
});
export type UsageRow = z.infer<typeof UsageRow>;

export const UsageBody = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(USAGE_GROUPS),
  rows: z.array(UsageRow),
  total: UsageRow.omit({ key: true }),
});
export type UsageBody = z.infer<typeof UsageBody>;

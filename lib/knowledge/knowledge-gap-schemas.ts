import { z } from "zod";
import { EntityKey, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";

// The Gaps view over REST and in the console (docs/knowledge.md#gaps): the questions the agent
// abstained on, grouped, and the FAQ entry a designer adds from one. Client-safe.

/** The longest window the view reads: a year of abstained turns. */
export const GAPS_MAX_DAYS = 365;
/** The most groups one answer holds. */
export const GAPS_MAX_LIMIT = 100;

export const KnowledgeGapsQuery = z.strictObject({
  days: z.coerce
    .number()
    .int("days is a whole number")
    .min(1, "days is at least 1")
    .max(GAPS_MAX_DAYS, `days is at most ${GAPS_MAX_DAYS}`)
    .default(30)
    .describe("How many days back (1–365, default 30)"),
  limit: z.coerce
    .number()
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(GAPS_MAX_LIMIT, `limit is at most ${GAPS_MAX_LIMIT}`)
    .default(50)
    .describe("How many groups, most asked first (1–100, default 50)"),
});
export type KnowledgeGapsQuery = z.infer<typeof KnowledgeGapsQuery>;

export const KnowledgeGapGroup = z.object({
  question: z.string().describe("The group's most common phrasing, as a customer wrote it"),
  count: z.number().int().describe("How many turns abstained on a question of this group"),
  last_seen: z.string().describe("When the latest of them was asked (ISO 8601)"),
  examples: z
    .array(
      z.object({
        session_id: z.string(),
        turn_id: z.string(),
        text: z.string(),
        channel: z.enum(["sandbox", "api", "widget"]).describe("Where it was asked: the console's sandbox counts too"),
      }),
    )
    .describe("Up to 3 of its turns, newest first, distinct phrasings first"),
  answered_in_version: z
    .number()
    .int()
    .nullable()
    .describe(
      "The agent's latest config_version when it now answers the question and every turn of the group ran at an earlier one; null: still a gap",
    ),
});
export type KnowledgeGapGroup = z.infer<typeof KnowledgeGapGroup>;

export const KnowledgeGaps = z.object({
  config_version: z.number().int().min(1),
  days: z.number().int(),
  turns: z.number().int().describe("Abstained turns grouped: the window's newest 5,000 at most"),
  groups: z.array(KnowledgeGapGroup),
});
export type KnowledgeGaps = z.infer<typeof KnowledgeGaps>;

/** The title of the FAQ source a gap's answer goes to when the designer picks no existing one. */
export const GAP_ANSWERS_TITLE = "Answers from gaps";

/**
 * An FAQ entry added from a gap: the question (prefilled with the group's phrasing), the answer, and
 * the FAQ source it joins (null: a new source titled GAP_ANSWERS_TITLE). Fields at the top level so
 * the action's field errors land under each box.
 */
export const AddGapAnswerInput = z.strictObject({
  ...AgentAtVersion,
  question: z
    .string()
    .trim()
    .min(1, "Write the question the entry answers")
    .max(TEXT_LIMITS.description, `At most ${TEXT_LIMITS.description} characters`),
  answer: z
    .string()
    .trim()
    .min(1, "Write the answer the agent should give")
    .max(TEXT_LIMITS.instructions, `At most ${TEXT_LIMITS.instructions} characters`),
  target: EntityKey.nullable().describe("The FAQ source's key; null: a new source “Answers from gaps”"),
});

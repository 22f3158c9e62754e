import { z } from "zod";
import { STAGE_NAMES } from "@/lib/engine/contracts/turn-outcome";

// Client-safe: the review form, the actions and the ledger payload share these (docs/reviews.md).

export const REVIEW_STATES = ["open", "reviewed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

// A note is the reviewer's words about one conversation, not a document: 4,000 characters is about
// 600 words, and the ledger keeps only its hash.
const NOTE_MAX = 4000;

/** What was at fault in a wrong turn: one of the agent's rules, or a pipeline stage (STAGE_NAMES). */
const TurnFault = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("rule"), rule_key: z.string().trim().min(1).max(200) }),
  z.strictObject({ kind: z.literal("stage"), stage: z.enum(STAGE_NAMES) }),
]);
export type TurnFault = z.infer<typeof TurnFault>;

const TurnLabel = z
  .strictObject({
    turn_id: z.string().uuid(),
    verdict: z.enum(["correct", "wrong"]),
    fault: TurnFault.nullable(),
  })
  .superRefine((label, ctx) => {
    if (label.verdict === "wrong" && !label.fault) {
      ctx.addIssue({ code: "custom", path: ["fault"], message: "Pick the rule or stage at fault." });
    }
    if (label.verdict === "correct" && label.fault) {
      ctx.addIssue({ code: "custom", path: ["fault"], message: "A correct turn has nothing at fault." });
    }
  });

export const SaveReviewLabelsInput = z.strictObject({
  session_id: z.string().uuid(),
  /** null keeps the review open (turn labels saved as progress); true or false closes it. */
  resolved: z.boolean().nullable(),
  note: z.string().max(NOTE_MAX, `at most ${NOTE_MAX} characters`),
  turns: z
    .array(TurnLabel)
    .max(1000)
    .refine((labels) => new Set(labels.map((label) => label.turn_id)).size === labels.length, "one label per turn"),
});
export type SaveReviewLabelsInput = z.input<typeof SaveReviewLabelsInput>;
export type SaveReviewLabelsData = z.output<typeof SaveReviewLabelsInput>;

/** The REST body of `POST /api/v1/reviews/{id}/labels`: the session is the path's id. */
export const ReviewLabelsBody = SaveReviewLabelsInput.omit({ session_id: true });

/** `?state=` of the queue's list: open, reviewed, or all. */
export const ReviewQueueState = z.enum([...REVIEW_STATES, "all"]);

export const AddSessionToReviewInput = z.strictObject({ session_id: z.string().uuid() });

export interface SavedReview {
  session_id: string;
  state: ReviewState;
  resolved: boolean | null;
}

export interface AddedToReview {
  session_id: string;
  /** false: the session was already in the queue (the call changed nothing). */
  created: boolean;
}

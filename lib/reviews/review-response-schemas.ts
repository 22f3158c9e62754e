import { z } from "zod";
import { REVIEW_STATES } from "./review-schemas";

// Response bodies of the review routes: declared by the routes, drawn by review-openapi-paths.ts.

const ReviewItem = z.object({
  session_id: z.string(),
  reason: z.enum(["sampled", "added"]),
  sampled_outcome: z.string().nullable().describe("The outcome of the sampling rule that picked the session"),
  added_by: z.string().nullable(),
  state: z.enum(REVIEW_STATES),
  resolved: z.boolean().nullable(),
  turn_count: z.number().int(),
  entered_at: z.string().describe("ISO 8601, UTC"),
  reviewed_by: z.string().nullable(),
});

export const ReviewList = z.object({ reviews: z.array(ReviewItem).describe("Newest first, at most 200") });

export const SavedReviewBody = z.object({
  session_id: z.string(),
  state: z.enum(REVIEW_STATES),
  resolved: z.boolean().nullable(),
});

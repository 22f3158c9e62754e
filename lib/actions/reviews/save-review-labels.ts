"use server";

import { SaveReviewLabelsInput } from "@/lib/reviews/review-schemas";
import { saveSessionReviewLabels } from "@/lib/reviews/server/save-review-labels";
import { defineAction } from "@/lib/server/define-action";

/** A reviewer's labels for one session (docs/reviews.md): designers and up; viewers only read the queue. */
export const saveReviewLabelsAction = defineAction(
  { name: "saveReviewLabels", role: "designer", schema: SaveReviewLabelsInput },
  (input, { db, actor, requestId }) => saveSessionReviewLabels(db, input, { actor, requestId }),
);

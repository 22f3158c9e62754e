import type { TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { ReviewState, TurnFault } from "./review-schemas";

// What the review pages show, loaded on the server and passed to the components as props.

export interface ReviewQueueRow {
  sessionId: string;
  reason: "sampled" | "added";
  sampledOutcome: string | null;
  addedBy: string | null;
  state: ReviewState;
  resolved: boolean | null;
  turnCount: number;
  enteredAt: Date;
  reviewedBy: string | null;
}

export interface ReviewTurn {
  id: string;
  turnIndex: number;
  userMessage: string;
  response: string;
  outcome: TurnOutcomeKind;
  configVersion: number;
  label: { verdict: "correct" | "wrong"; fault: TurnFault | null } | null;
}

export interface SessionReviewView {
  review: ReviewQueueRow & { note: string | null; reviewedAt: Date | null };
  turns: ReviewTurn[];
  rules: { key: string; name: string }[];
}

/** Why a session is in the queue, in a sentence's words. */
export function reviewReasonText(row: Pick<ReviewQueueRow, "reason" | "sampledOutcome" | "addedBy">): string {
  return row.reason === "sampled"
    ? `Sampled by the rule for ${row.sampledOutcome ?? "?"} turns`
    : `Added by ${row.addedBy ?? "someone"}`;
}

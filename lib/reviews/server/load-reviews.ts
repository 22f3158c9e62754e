import "server-only";
import { listRules } from "@/db/queries/agent-config";
import { listSessionTurns } from "@/db/queries/conversations";
import { getReview, listReviews, listReviewTurnLabels } from "@/db/queries/reviews";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { ReviewState, TurnFault } from "@/lib/reviews/review-schemas";
import type { ReviewQueueRow, SessionReviewView } from "@/lib/reviews/review-views";

// The queue page shows the newest 200: a reviewer works from the top, and a longer backlog is a
// sampling share set too high, not a list to scroll.
const QUEUE_LIMIT = 200;

type StoredReview = NonNullable<Awaited<ReturnType<typeof getReview>>>;

function queueRow(review: StoredReview, turnCount: number): ReviewQueueRow {
  return {
    sessionId: review.sessionId,
    reason: review.reason,
    sampledOutcome: review.sampledOutcome,
    addedBy: review.addedBy,
    state: review.state,
    resolved: review.resolved,
    turnCount,
    enteredAt: review.createdAt,
    reviewedBy: review.reviewedBy,
  };
}

/** The agent's review queue in one state (or every state), newest first. */
export async function loadReviewQueue(
  db: DbOrTx,
  agent: AgentRow,
  state: ReviewState | null,
): Promise<ReviewQueueRow[]> {
  const rows = await listReviews(db, agent.id, state, QUEUE_LIMIT);
  return rows.map((row) => queueRow(row.review, row.turnCount));
}

/** One session's review with its turns, their labels and the agent's rules; null when not queued. */
export async function loadSessionReview(
  db: DbOrTx,
  agent: AgentRow,
  sessionId: string,
): Promise<SessionReviewView | null> {
  const review = await getReview(db, sessionId);
  if (!review || review.agentId !== agent.id) return null;
  const [turns, labels, rules] = await Promise.all([
    listSessionTurns(db, sessionId),
    listReviewTurnLabels(db, sessionId),
    listRules(db, agent.id),
  ]);
  const labelOf = new Map(labels.map((label) => [label.turnId, label]));
  return {
    review: { ...queueRow(review, turns.length), note: review.note, reviewedAt: review.reviewedAt },
    turns: turns.map((turn) => {
      const label = labelOf.get(turn.id);
      const fault: TurnFault | null = label?.faultRuleKey
        ? { kind: "rule", rule_key: label.faultRuleKey }
        : label?.faultStage
          ? ({ kind: "stage", stage: label.faultStage } as TurnFault)
          : null;
      return {
        id: turn.id,
        turnIndex: turn.turnIndex,
        userMessage: turn.userMessage,
        response: turn.response,
        outcome: turn.outcome,
        configVersion: turn.configVersion,
        label: label ? { verdict: label.verdict, fault } : null,
      };
    }),
    rules: rules.map((rule) => ({ key: rule.key, name: rule.name })),
  };
}

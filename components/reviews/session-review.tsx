import Link from "next/link";
import { SaveAsTestDialog } from "@/components/conversation-tests/save-as-test-dialog";
import { Button } from "@/components/ui/button";
import { Mono } from "@/components/ui/mono";
import { PageHeader } from "@/components/ui/page-header";
import { reviewQueueHref } from "@/lib/reviews/review-href";
import { reviewReasonText } from "@/lib/reviews/review-views";
import { tracesHref } from "@/lib/traces/trace-search";
import { ReviewForm, type SessionReviewProps } from "./review-form";
import { ReviewStateBadge } from "./review-state-badge";

/** One session under review: the whole conversation, each turn's outcome and trace, and the labels. */
export function SessionReview({ agentKey, data, canLabel }: SessionReviewProps) {
  const { review } = data;
  return (
    <>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-2">
            Review of session {review.sessionId.slice(0, 8)}
            <ReviewStateBadge state={review.state} resolved={review.resolved} />
          </span>
        }
        description={`${reviewReasonText(review)} · ${review.turnCount} ${review.turnCount === 1 ? "turn" : "turns"}${
          review.reviewedBy ? ` · last labelled by ${review.reviewedBy}` : ""
        }`}
        breadcrumb={
          <span>
            <Link href={reviewQueueHref(agentKey)}>Reviews</Link> › <Mono>{review.sessionId}</Mono>
          </span>
        }
        actions={
          <>
            {canLabel ? (
              <SaveAsTestDialog agentKey={agentKey} sessionId={review.sessionId} label="Save as test" />
            ) : null}
            <Button asChild variant="outline">
              <Link href={tracesHref(agentKey, { session: review.sessionId })}>All turns in Traces</Link>
            </Button>
          </>
        }
      />
      {data.turns.length === 0 ? (
        <p className="text-muted-foreground text-sm">This session has no turns yet.</p>
      ) : (
        <ReviewForm agentKey={agentKey} data={data} canLabel={canLabel} />
      )}
    </>
  );
}

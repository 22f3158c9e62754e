"use client";

import { ClipboardCheck } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { useActionTransition } from "@/components/ui/use-action-transition";
import { addSessionToReviewAction } from "@/lib/actions/reviews/add-session-to-review";
import { reviewHref } from "@/lib/reviews/review-href";

/** "Add to review" on a trace: puts the turn's session in the review queue (once), then links to it. */
export function AddToReviewButton({ agentKey, sessionId }: { agentKey: string; sessionId: string }) {
  const [added, setAdded] = useState(false);
  const { pending, run } = useActionTransition();
  if (added) {
    return (
      <Button asChild variant="outline">
        <Link href={reviewHref(agentKey, sessionId)} data-testid="open-review-from-trace">
          <ClipboardCheck aria-hidden="true" />
          Open review
        </Link>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      variant="outline"
      pending={pending}
      data-testid="add-to-review"
      onClick={() =>
        run(
          () => addSessionToReviewAction({ session_id: sessionId }),
          ({ created }) => {
            toast.success(created ? "Added to the review queue" : "Already in the review queue");
            setAdded(true);
          },
        )
      }
    >
      <ClipboardCheck aria-hidden="true" />
      Add to review
    </Button>
  );
}

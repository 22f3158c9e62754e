"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useActionTransition } from "@/components/ui/use-action-transition";
import { claimHandoffAction } from "@/lib/actions/handoffs/claim-handoff";

export const READ_ONLY_REASON = "Read only: claiming and replying need the operator role on this agent.";

/** "Claim": the conversation is with me from now on; opens it. */
export function ClaimButton({
  handoffId,
  sessionId,
  canAct,
}: {
  handoffId: string;
  sessionId: string;
  canAct: boolean;
}) {
  const router = useRouter();
  const { pending, run } = useActionTransition();
  return (
    <Button
      type="button"
      size="sm"
      pending={pending}
      disabled={!canAct}
      title={canAct ? "Assign this conversation to me" : READ_ONLY_REASON}
      data-testid="claim-handoff"
      onClick={() =>
        run(
          () => claimHandoffAction({ handoff_id: handoffId }),
          // No toast: the conversation's header says "claimed by you" (a toast covered "Send anyway").
          () => {
            router.push(`/inbox?session=${sessionId}`, { scroll: false });
            router.refresh();
          },
          () => router.refresh(),
        )
      }
    >
      Claim
    </Button>
  );
}

"use client";

import { Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { startTransition, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { restoreGoalAction } from "@/lib/actions/goals/restore-goal";
import type { Provenance } from "@/lib/engine/contracts/turn-outcome";
import { EvidenceIds } from "./provenance-parts";

interface GoalSectionProps {
  sessionId: string;
  /** The goal as the latest turn ran on it (sessions expose their goal through turn provenance only). */
  goal: Provenance["goal"] | null;
  canPost: boolean;
  /** Set once the original was restored after the latest turn: that turn still shows the reformulation. */
  restored: boolean;
  onRestored: () => void;
}

/** The session's goal (docs/goals.md): original, active reformulation with its evidence, and the way back. */
export function GoalSection({ sessionId, goal, canPost, restored, onRestored }: GoalSectionProps) {
  const router = useRouter();
  const [pending, startRestore] = useTransition();
  if (!goal?.original) {
    return <p className="text-muted-foreground text-xs">No goal yet: the first clear request sets the original.</p>;
  }
  const reformulated = restored ? null : goal.active_reformulation;

  function restore() {
    startRestore(async () => {
      const result = await restoreGoalAction({ sessionId }).catch(() => null);
      if (!result) {
        toast.error("Could not reach the Focal server: check the connection, then try again.");
        return;
      }
      if (!result.ok) {
        toast.error(`Could not restore the original goal: ${result.message}`);
        return;
      }
      const { restored: changed, ledger_event_id: eventId } = result.data;
      if (changed) {
        toast.success(
          `Original goal restored; the next turn runs on it.${eventId ? ` Ledger event ${eventId.slice(0, 8)}.` : ""}`,
        );
      } else {
        toast.info("No reformulation was active: the session already runs on its original goal.");
      }
      startTransition(() => {
        onRestored();
        router.refresh();
      });
    });
  }

  return (
    <div data-testid="goal-section" className="space-y-2 rounded-md border border-border px-2.5 py-2 text-xs">
      <p>
        <span className="text-muted-foreground">Original:</span> {goal.original}
      </p>
      {reformulated ? (
        <>
          <p>
            <span className="text-muted-foreground">Active reformulation:</span> {reformulated}
          </p>
          <p className="flex flex-wrap items-center gap-1">
            <span className="text-muted-foreground">Evidence:</span>
            {goal.evidence_ids.length ? <EvidenceIds ids={goal.evidence_ids} /> : <span>none cited</span>}
          </p>
          {canPost ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={restore}
              pending={pending}
              data-testid="restore-goal"
              title="Drop the reformulation; the next turn runs on the original goal (recorded in the ledger)"
            >
              {pending ? null : <Undo2 aria-hidden="true" />}
              Restore original goal
            </Button>
          ) : null}
        </>
      ) : (
        <p className="flex items-center gap-1.5">
          <Badge variant="neutral">original</Badge>
          <span className="text-muted-foreground">
            {restored ? "Restored: the next turn runs on the original goal." : "No reformulation is active."}
          </span>
        </p>
      )}
    </div>
  );
}

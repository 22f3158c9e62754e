"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { LabelledControl } from "@/components/ui/labelled-control";
import { Textarea } from "@/components/ui/textarea";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { toast } from "@/components/ui/toaster";
import { returnToAgentAction } from "@/lib/actions/handoffs/return-to-agent";

/** "Hand back to the agent", with a note its next turn is told once. */
export function HandBackDialog({ handoffId, disabledReason }: { handoffId: string; disabledReason: string | null }) {
  const router = useRouter();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      title="Hand back to the agent"
      description="The agent answers the customer's next message. Your note is told to that turn once (the customer never sees it)."
      testId="hand-back-dialog"
      trigger={
        <Button
          type="button"
          variant="outline"
          disabled={disabledReason !== null}
          title={disabledReason ?? undefined}
          data-testid="hand-back"
        >
          Hand back to the agent
        </Button>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          start(async () => {
            const result = await returnToAgentAction({ handoff_id: handoffId, note });
            if (!result.ok) {
              setProblem(result.fieldErrors?.note?.[0] ?? result.message);
              return;
            }
            setOpen(false);
            setNote("");
            toast.success("Handed back: the agent answers the next message");
            router.refresh();
          });
        }}
      >
        <LabelledControl id={noteId} label="Note for the agent (optional)">
          <Textarea
            id={noteId}
            data-testid="hand-back-note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="e.g. Refund of $75 approved by billing; confirm it and close."
          />
          <FieldError messages={problem ? [problem] : undefined} />
        </LabelledControl>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" pending={pending} data-testid="confirm-hand-back">
            Hand back
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { DeleteConfirmFooter } from "@/components/ui/delete-confirm-footer";
import { TitledDialog } from "@/components/ui/titled-dialog";

interface ConfirmedDeleteButtonProps {
  /** The Delete button's accessible name, saying which thing (“Delete credential orders-api”). */
  label: string;
  title: string;
  /** What deleting it changes. */
  description: string;
  testId: string;
  /** The delete request; a refusal's message (a 409 naming what still uses it) stays in the dialog. */
  remove: () => Promise<{ ok: true } | { ok: false; message: string }>;
}

/** A row's Delete: a confirmation dialog that deletes, then reloads the page, or shows why the server refused. */
export function ConfirmedDeleteButton({ label, title, description, testId, remove }: ConfirmedDeleteButtonProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function onDelete() {
    startTransition(async () => {
      const answer = await remove();
      if (answer.ok) {
        setOpen(false);
        router.refresh();
      } else setRefusal(answer.message);
    });
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRefusal(null);
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={label}>
          Delete
        </Button>
      }
      title={title}
      description={description}
      testId={testId}
    >
      <DeleteConfirmFooter refusal={refusal} onKeep={() => setOpen(false)} onDelete={onDelete} pending={pending} />
    </TitledDialog>
  );
}

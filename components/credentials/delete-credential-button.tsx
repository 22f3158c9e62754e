"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { deleteCredential } from "@/lib/credentials/credentials-client";

// Delete one binding after a confirmation. The server refuses (409) while tools would be left without
// a value, and its message names them: it is shown in the dialog, and nothing is deleted.

export function DeleteCredentialButton({
  agentKey,
  name,
  environment,
}: {
  agentKey: string;
  name: string;
  environment: string | null;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const which = environment ? `${name} (${environment})` : name;

  function onDelete() {
    startTransition(async () => {
      const answer = await deleteCredential(agentKey, name, environment);
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
        <Button variant="outline" size="sm" aria-label={`Delete credential ${which}`}>
          Delete
        </Button>
      }
      title={`Delete ${which}?`}
      description="Tools that name it stop sending it. Its value cannot be recovered."
      testId="delete-credential-dialog"
    >
      {refusal ? (
        <Alert variant="danger" title="Not deleted">
          {refusal}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => setOpen(false)}>
          Keep it
        </Button>
        <Button variant="destructive" onClick={onDelete} pending={pending}>
          Delete
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

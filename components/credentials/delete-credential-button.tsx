"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { DeleteConfirmFooter } from "@/components/ui/delete-confirm-footer";
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
      <DeleteConfirmFooter refusal={refusal} onKeep={() => setOpen(false)} onDelete={onDelete} pending={pending} />
    </TitledDialog>
  );
}

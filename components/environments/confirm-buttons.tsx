"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { toast } from "@/components/ui/toaster";
import { useActionTransition } from "@/components/ui/use-action-transition";
import { deleteEnvironmentAction } from "@/lib/actions/environments/delete-environment";
import { rollbackEnvironmentAction } from "@/lib/actions/environments/rollback-environment";

interface ConfirmProps {
  agentKey: string;
  environment: string;
  /** Rollback: the pin it goes back to. */
  previousPin?: number | null;
  mode: "rollback" | "delete";
}

/** Rollback… and Delete…: one confirmation each, then the action; a refusal is a toast. */
export function ConfirmButton(props: ConfirmProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { pending, run } = useActionTransition();
  const input = { agent_key: props.agentKey, environment: props.environment };
  const rollback = props.mode === "rollback";

  function confirm() {
    const done = (text: string) => {
      toast.success(text);
      setOpen(false);
      router.refresh();
    };
    if (rollback) {
      run(
        () => rollbackEnvironmentAction(input),
        (env) => done(`${props.environment} is back at version ${env.pinned_version}.`),
      );
    } else {
      run(
        () => deleteEnvironmentAction(input),
        () => done(`${props.environment} deleted.`),
      );
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant={rollback ? "outline" : "ghost"}
          data-testid={`${props.mode}-${props.environment}-open`}
        >
          {rollback ? "Rollback…" : "Delete…"}
        </Button>
      }
      title={rollback ? `Roll ${props.environment} back to v${props.previousPin}?` : `Delete ${props.environment}?`}
      description={
        rollback
          ? "New sessions get the previous pin at once, without running the tests. Sessions already running keep their version. The ledger records the rollback."
          : "Sessions can no longer be started in it; sessions already running keep their version. The ledger records the deletion."
      }
    >
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button
          type="button"
          variant={rollback ? "default" : "destructive"}
          pending={pending}
          onClick={confirm}
          data-testid={`${props.mode}-${props.environment}-confirm`}
        >
          {rollback ? "Roll back" : "Delete"}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

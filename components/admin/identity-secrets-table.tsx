"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { type Column, ColumnTable } from "@/components/ui/column-table";
import { DialogFooter } from "@/components/ui/dialog";
import { Mono } from "@/components/ui/mono";
import { ShownOnceStep } from "@/components/ui/shown-once-value";
import { TitledDialog } from "@/components/ui/titled-dialog";
import { useActionTransition } from "@/components/ui/use-action-transition";
import { rotateIdentitySecretAction } from "@/lib/actions/widget/rotate-identity-secret";
import { utcMinute } from "./utc-minute";

export interface IdentitySecretRow {
  agent: string;
  agentName: string;
  /** Who set the agent's secret and when; null: none, so its widget sessions are anonymous only. */
  set: { by: string; at: string } | null;
}

const COLUMNS: Column<IdentitySecretRow>[] = [
  {
    label: "Agent",
    cell: (row) => (
      <>
        {row.agentName} <Mono>({row.agent})</Mono>
      </>
    ),
  },
  {
    label: "Identity secret",
    className: "text-xs text-muted-foreground",
    cell: (row) =>
      row.set ? `Set ${utcMinute(row.set.at)} by ${row.set.by}` : "None: the widget's chats are anonymous",
  },
];

/**
 * Each agent's customer identity secret (docs/widget.md#identified-customers): create one, or rotate it
 * (after a confirmation: tokens signed with the old one stop working at once). The secret is shown once.
 */
export function IdentitySecretsTable({ rows }: { rows: IdentitySecretRow[] }) {
  const router = useRouter();
  const { pending, run } = useActionTransition();
  const [confirming, setConfirming] = useState<IdentitySecretRow | null>(null);
  const [shown, setShown] = useState<{ agent: string; secret: string } | null>(null);

  function rotate(row: IdentitySecretRow) {
    run(
      () => rotateIdentitySecretAction({ agent: row.agent }),
      (data) => {
        setConfirming(null);
        setShown({ agent: row.agentName, secret: data.secret });
        router.refresh();
      },
      () => setConfirming(null),
    );
  }

  return (
    <>
      <TitledDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={`Rotate the identity secret of “${confirming?.agentName ?? ""}”?`}
        description="Tokens your server signed with the current secret are refused from the moment you rotate, so signed-in customers start anonymous chats until your server signs with the new one. Conversations already started go on."
      >
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button pending={pending} onClick={() => (confirming ? rotate(confirming) : undefined)}>
            Rotate secret
          </Button>
        </DialogFooter>
      </TitledDialog>
      <TitledDialog
        open={shown !== null}
        onOpenChange={(open) => (open ? undefined : setShown(null))}
        title="Copy the secret now"
        description={`This is the only time the identity secret of “${shown?.agent ?? ""}” is shown. Keep it on your server; a web page must never hold it.`}
      >
        <ShownOnceStep
          value={shown?.secret ?? ""}
          label="Identity secret"
          testId="new-identity-secret"
          onDone={() => setShown(null)}
        />
      </TitledDialog>
      <ColumnTable
        rows={rows}
        columns={COLUMNS}
        rowKey={(row) => row.agent}
        testId={(row) => `identity-secret-${row.agent}`}
        pending={pending}
        actions={(row) => (
          <Button
            size="sm"
            variant={row.set ? "outline" : "default"}
            disabled={pending}
            onClick={() => (row.set ? setConfirming(row) : rotate(row))}
            aria-label={`${row.set ? "Rotate" : "Create"} the identity secret of ${row.agentName}`}
          >
            {row.set ? "Rotate" : "Create"}
          </Button>
        )}
      />
    </>
  );
}

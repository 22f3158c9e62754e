"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { NameUse } from "@/lib/fields-editor/name-uses";
import { UsedBy } from "./used-by";

export interface DeleteTarget {
  kind: "profile field" | "response variable";
  name: string;
  /** What stops applying, in a sentence. */
  effect: string;
  use: NameUse | undefined;
}

interface DeleteEntityDialogProps {
  /** null keeps the dialog closed. */
  target: DeleteTarget | null;
  agentKey: string;
  version: number;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Confirms a delete. A name that rules (or tool inputs) read cannot be deleted — the server refuses
 * it — so the dialog says so up front, names them, and offers no delete button.
 */
export function DeleteEntityDialog({
  target,
  agentKey,
  version,
  pending,
  onConfirm,
  onCancel,
}: DeleteEntityDialogProps) {
  const rulesOnly = target?.kind === "response variable";
  const blocked = (target?.use?.rules.length ?? 0) + (rulesOnly ? 0 : (target?.use?.tools.length ?? 0)) > 0;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Delete {target?.kind} {target?.name}?
          </DialogTitle>
          <DialogDescription>
            {blocked
              ? "It is still in use, so it cannot be deleted yet."
              : `${target?.effect} This makes v${version + 1}; the ledger keeps every field, and the toast offers an undo.`}
          </DialogDescription>
        </DialogHeader>
        {blocked ? (
          <Alert variant="warning" title="Change these first">
            <UsedBy use={target?.use} agentKey={agentKey} rulesOnly={rulesOnly} />
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {blocked ? "Close" : "Cancel"}
          </Button>
          {blocked ? null : (
            <Button type="button" variant="destructive" pending={pending} onClick={onConfirm}>
              Delete {target?.kind}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

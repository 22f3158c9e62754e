"use client";

import { type ConfirmDeleteActions, ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Alert } from "@/components/ui/alert";
import type { NameUse } from "@/lib/fields/name-uses";
import { UsedBy } from "./used-by";

interface DeleteTarget {
  kind: "profile field" | "response variable";
  name: string;
  /** What stops applying, in a sentence. */
  effect: string;
  use: NameUse | undefined;
}

interface DeleteEntityDialogProps extends ConfirmDeleteActions {
  /** null keeps the dialog closed. */
  target: DeleteTarget | null;
  agentKey: string;
  version: number;
}

/**
 * Confirms a delete. A name that rules (or tool inputs) read cannot be deleted — the server refuses
 * it — so the dialog says so up front, names them, and offers no delete button.
 */
export function DeleteEntityDialog({ target, agentKey, version, ...actions }: DeleteEntityDialogProps) {
  const rulesOnly = target?.kind === "response variable";
  const blocked = (target?.use?.rules.length ?? 0) + (rulesOnly ? 0 : (target?.use?.tools.length ?? 0)) > 0;
  return (
    <ConfirmDeleteDialog
      open={target !== null}
      // JSX, not template strings: while the dialog closes, target is null and must read as blank, not "undefined".
      title={
        <>
          Delete {target?.kind} {target?.name}?
        </>
      }
      description={
        blocked
          ? "It is still in use, so it cannot be deleted yet."
          : `${target?.effect} This makes v${version + 1}; the ledger keeps every field, and the toast offers an undo.`
      }
      warning={
        blocked ? (
          <Alert variant="warning" title="Change these first">
            <UsedBy use={target?.use} agentKey={agentKey} rulesOnly={rulesOnly} />
          </Alert>
        ) : null
      }
      blocked={blocked}
      whenBlocked="close-only"
      confirmLabel={<>Delete {target?.kind}</>}
      {...actions}
    />
  );
}

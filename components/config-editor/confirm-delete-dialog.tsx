"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { TitledDialog } from "@/components/ui/titled-dialog";

/** What a delete confirmation does: the delete under way, and the two answers. */
export interface ConfirmDeleteActions {
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

interface ConfirmDeleteDialogProps extends ConfirmDeleteActions {
  open: boolean;
  title: ReactNode;
  /** What stops applying, the version the delete makes, and the undo. */
  description: ReactNode;
  /** Why the delete cannot go yet (what still points at the entity), shown above the buttons. */
  warning?: ReactNode;
  /** The server would refuse the delete (something still uses the entity), so the button waits. */
  blocked?: boolean;
  /** "close-only": a blocked dialog offers only Close (fields); "disable": the delete button stays, disabled. */
  whenBlocked?: "disable" | "close-only";
  confirmLabel: ReactNode;
  /** The way back, "Cancel" unless the question asks for other words ("Keep editing"). */
  cancelLabel?: ReactNode;
}

/** The confirmation before a destructive step (a delete, discarding edits); each editor words it for its entity. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  warning,
  blocked = false,
  whenBlocked = "disable",
  confirmLabel,
  cancelLabel = "Cancel",
  pending,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps) {
  const closeOnly = blocked && whenBlocked === "close-only";
  return (
    <TitledDialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? null : onCancel())}
      title={title}
      description={description}
    >
      {warning}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {closeOnly ? "Close" : cancelLabel}
        </Button>
        {closeOnly ? null : (
          <Button type="button" variant="destructive" pending={pending} disabled={blocked} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        )}
      </DialogFooter>
    </TitledDialog>
  );
}

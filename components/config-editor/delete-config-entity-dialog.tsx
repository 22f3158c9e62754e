"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";

/** What a rule's, scenario's or tool's workspace hands its delete dialog. */
export interface DeleteEntityProps<T> {
  agentKey: string;
  /** The entity to confirm; null keeps the dialog closed. */
  entity: T | null;
  version: number;
  pending: boolean;
  onConfirm: (entity: T) => void;
  onCancel: () => void;
}

interface DeleteConfigEntityDialogProps<T> extends Omit<DeleteEntityProps<T>, "agentKey" | "version"> {
  kind: "rule" | "scenario" | "tool" | "knowledge source";
  /** What the delete does: what stops, the version it makes, the undo (or why it cannot go yet). */
  description: ReactNode;
  /** What still points at the entity: while anything does, the server refuses the delete and the button waits. */
  blocker: Blocker | null;
}

interface Blocker {
  title: string;
  body: ReactNode;
  /** The page where the blocker is changed, linked at the end of the body: "… on the Rules page first." */
  fixOn?: { page: string; href: string };
}

/** The confirmation before deleting one configuration entity, worded by its own dialog. */
export function DeleteConfigEntityDialog<T extends { key: string }>({
  kind,
  entity,
  description,
  blocker,
  pending,
  onConfirm,
  onCancel,
}: DeleteConfigEntityDialogProps<T>) {
  return (
    <ConfirmDeleteDialog
      open={entity !== null}
      // JSX, not template strings: while the dialog closes, entity is null and must read as blank, not "undefined".
      title={
        <>
          Delete {kind} {entity?.key}?
        </>
      }
      description={description}
      warning={
        blocker ? (
          <Alert variant="warning" title={blocker.title}>
            {blocker.body}
            {blocker.fixOn ? (
              <>
                {" "}
                on the{" "}
                <Link className="underline underline-offset-4" href={blocker.fixOn.href}>
                  {blocker.fixOn.page}
                </Link>{" "}
                first.
              </>
            ) : null}
          </Alert>
        ) : null
      }
      blocked={blocker !== null}
      confirmLabel={`Delete ${kind}`}
      pending={pending}
      onConfirm={() => (entity ? onConfirm(entity) : undefined)}
      onCancel={onCancel}
    />
  );
}

"use client";

import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import type { BundleRule } from "@/lib/engine/contracts/bundle";

interface DeleteRuleDialogProps {
  /** The rule to confirm; null keeps the dialog closed. */
  rule: BundleRule | null;
  version: number;
  pending: boolean;
  onConfirm: (rule: BundleRule) => void;
  onCancel: () => void;
}

export function DeleteRuleDialog({ rule, version, pending, onConfirm, onCancel }: DeleteRuleDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={rule !== null}
      // JSX, not template strings: while the dialog closes, rule is null and must read as blank, not "undefined".
      title={<>Delete rule {rule?.key}?</>}
      description={
        <>
          “{rule?.name}” stops applying from the next turn. This makes v{version + 1}; the ledger keeps every field of
          the rule, and the toast offers an undo.
        </>
      }
      confirmLabel="Delete rule"
      pending={pending}
      onConfirm={() => (rule ? onConfirm(rule) : undefined)}
      onCancel={onCancel}
    />
  );
}

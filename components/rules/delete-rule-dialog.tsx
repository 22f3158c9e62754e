"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
    <Dialog open={rule !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete rule {rule?.key}?</DialogTitle>
          <DialogDescription>
            “{rule?.name}” stops applying from the next turn. This makes v{version + 1}; the ledger keeps every field of
            the rule, and the toast offers an undo.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            pending={pending}
            onClick={() => (rule ? onConfirm(rule) : undefined)}
          >
            Delete rule
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

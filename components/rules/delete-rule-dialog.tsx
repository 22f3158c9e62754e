"use client";

import Link from "next/link";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Alert } from "@/components/ui/alert";
import type { BundleRule } from "@/lib/engine/contracts/bundle";

interface DeleteRuleDialogProps {
  agentKey: string;
  /** The rule to confirm; null keeps the dialog closed. */
  rule: BundleRule | null;
  version: number;
  /** The conversation tests asserting on the rule: while any does, the delete would be refused. */
  testsNaming: readonly string[];
  pending: boolean;
  onConfirm: (rule: BundleRule) => void;
  onCancel: () => void;
}

export function DeleteRuleDialog({
  agentKey,
  rule,
  version,
  testsNaming,
  pending,
  onConfirm,
  onCancel,
}: DeleteRuleDialogProps) {
  const blocked = testsNaming.length > 0;
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
      warning={
        blocked ? (
          <Alert variant="warning" title="Conversation tests assert on it">
            {testsNaming.join(", ")} {testsNaming.length === 1 ? "names" : "name"} this rule. Change or delete{" "}
            {testsNaming.length === 1 ? "that test" : "those tests"} on the{" "}
            <Link className="underline underline-offset-4" href={`/agents/${agentKey}/tests`}>
              Tests page
            </Link>{" "}
            first.
          </Alert>
        ) : null
      }
      blocked={blocked}
      confirmLabel="Delete rule"
      pending={pending}
      onConfirm={() => (rule ? onConfirm(rule) : undefined)}
      onCancel={onCancel}
    />
  );
}

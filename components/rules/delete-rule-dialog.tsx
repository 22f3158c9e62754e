"use client";

import {
  DeleteConfigEntityDialog,
  type DeleteEntityProps,
} from "@/components/config-editor/delete-config-entity-dialog";
import type { BundleRule } from "@/lib/engine/contracts/bundle";

interface DeleteRuleDialogProps extends DeleteEntityProps<BundleRule> {
  /** The conversation tests asserting on the rule: while any does, the delete would be refused. */
  testsNaming: readonly string[];
}

export function DeleteRuleDialog({ testsNaming, agentKey, version, ...dialog }: DeleteRuleDialogProps) {
  const one = testsNaming.length === 1;
  const blocker = testsNaming.length
    ? {
        title: "Conversation tests assert on it",
        body: (
          <>
            {testsNaming.join(", ")} {one ? "names" : "name"} this rule. Change or delete{" "}
            {one ? "that test" : "those tests"}
          </>
        ),
        fixOn: { page: "Tests page", href: `/agents/${agentKey}/tests` },
      }
    : null;
  return (
    <DeleteConfigEntityDialog
      kind="rule"
      description={
        <>
          “{dialog.entity?.name}” stops applying from the next turn. This makes v{version + 1}; the ledger keeps every
          field of the rule, and the toast offers an undo.
        </>
      }
      blocker={blocker}
      {...dialog}
    />
  );
}

"use client";

import {
  DeleteConfigEntityDialog,
  type DeleteEntityProps,
} from "@/components/config-editor/delete-config-entity-dialog";
import { RuleLink } from "@/components/rules/rule-link";
import type { BundleTool } from "@/lib/engine/contracts/bundle";

interface DeleteToolDialogProps extends DeleteEntityProps<BundleTool> {
  /** The rules that attach it: while there are any, the server refuses the delete, so the button waits. */
  usedBy: { key: string; name: string }[];
}

export function DeleteToolDialog({ usedBy, agentKey, version, ...dialog }: DeleteToolDialogProps) {
  const name = dialog.entity?.name;
  const blocker = usedBy.length
    ? {
        title: "Detach it first",
        body: (
          <>
            <p>Open each rule and remove this tool from its attached tools, then delete it:</p>
            <ul className="mt-1 list-disc pl-5">
              {usedBy.map((rule) => (
                <li key={rule.key}>
                  <RuleLink agentKey={agentKey} ruleKey={rule.key} className="underline underline-offset-2">
                    {rule.name}
                  </RuleLink>{" "}
                  <span className="font-mono text-xs">{rule.key}</span>
                </li>
              ))}
            </ul>
          </>
        ),
      }
    : null;
  return (
    <DeleteConfigEntityDialog
      kind="tool"
      description={
        blocker
          ? `“${name}” is still attached to ${usedBy.length === 1 ? "a rule" : `${usedBy.length} rules`}, which run it when they match.`
          : `“${name}” is attached to no rule. Deleting makes v${version + 1}; the ledger keeps every field of the tool, and the toast offers an undo.`
      }
      blocker={blocker}
      {...dialog}
    />
  );
}

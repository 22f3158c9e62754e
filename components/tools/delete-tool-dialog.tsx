"use client";

import Link from "next/link";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Alert } from "@/components/ui/alert";
import type { BundleTool } from "@/lib/engine/contracts/bundle";

interface DeleteToolDialogProps {
  agentKey: string;
  /** The tool to confirm; null keeps the dialog closed. */
  tool: BundleTool | null;
  /** The rules that attach it: while there are any, the server refuses the delete, so the button waits. */
  usedBy: { key: string; name: string }[];
  version: number;
  pending: boolean;
  onConfirm: (tool: BundleTool) => void;
  onCancel: () => void;
}

export function DeleteToolDialog({
  agentKey,
  tool,
  usedBy,
  version,
  pending,
  onConfirm,
  onCancel,
}: DeleteToolDialogProps) {
  const attached = usedBy.length > 0;
  return (
    <ConfirmDeleteDialog
      open={tool !== null}
      title={<>Delete tool {tool?.key}?</>}
      description={
        attached
          ? `“${tool?.name}” is still attached to ${usedBy.length === 1 ? "a rule" : `${usedBy.length} rules`}, which run it when they match.`
          : `“${tool?.name}” is attached to no rule. Deleting makes v${version + 1}; the ledger keeps every field of the tool, and the toast offers an undo.`
      }
      warning={
        attached ? (
          <Alert variant="warning" title="Detach it first">
            <p>Open each rule and remove this tool from its attached tools, then delete it:</p>
            <ul className="mt-1 list-disc pl-5">
              {usedBy.map((rule) => (
                <li key={rule.key}>
                  <Link
                    className="underline underline-offset-2"
                    href={`/agents/${agentKey}/rules?q=${encodeURIComponent(rule.key)}`}
                  >
                    {rule.name}
                  </Link>{" "}
                  <span className="font-mono text-xs">{rule.key}</span>
                </li>
              ))}
            </ul>
          </Alert>
        ) : null
      }
      blocked={attached}
      confirmLabel="Delete tool"
      pending={pending}
      onConfirm={() => (tool ? onConfirm(tool) : undefined)}
      onCancel={onCancel}
    />
  );
}

"use client";

import Link from "next/link";
import { ConfirmDeleteDialog } from "@/components/config-editor/confirm-delete-dialog";
import { Alert } from "@/components/ui/alert";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import { plural } from "@/lib/text/plural";

interface DeleteScenarioDialogProps {
  agentKey: string;
  /** The scenario to confirm; null keeps the dialog closed. */
  scenario: BundleScenario | null;
  /** Rules scoped to it or its steps: while there are any, the delete would be refused. */
  scopedRules: string[];
  version: number;
  pending: boolean;
  onConfirm: (scenario: BundleScenario) => void;
  onCancel: () => void;
}

export function DeleteScenarioDialog({
  agentKey,
  scenario,
  scopedRules,
  version,
  pending,
  onConfirm,
  onCancel,
}: DeleteScenarioDialogProps) {
  const blocked = scopedRules.length > 0;
  return (
    <ConfirmDeleteDialog
      open={scenario !== null}
      title={<>Delete scenario {scenario?.key}?</>}
      description={
        <>
          “{scenario?.name}” and its {plural(scenario?.steps.length ?? 0, "step")} and{" "}
          {plural(scenario?.transitions.length ?? 0, "transition")} stop from the next turn; conversations in it
          continue outside any scenario. This makes v{version + 1}; the ledger keeps every field, and the toast offers
          an undo.
        </>
      }
      warning={
        blocked ? (
          <Alert variant="warning" title="Rules are scoped to it">
            {scopedRules.join(", ")} {scopedRules.length === 1 ? "points" : "point"} at this scenario or its steps.
            Delete them or change their scope on the{" "}
            <Link className="underline underline-offset-4" href={`/agents/${agentKey}/rules`}>
              Rules page
            </Link>{" "}
            first.
          </Alert>
        ) : null
      }
      blocked={blocked}
      confirmLabel="Delete scenario"
      pending={pending}
      onConfirm={() => (scenario ? onConfirm(scenario) : undefined)}
      onCancel={onCancel}
    />
  );
}

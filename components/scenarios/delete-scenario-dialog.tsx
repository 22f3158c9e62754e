"use client";

import {
  DeleteConfigEntityDialog,
  type DeleteEntityProps,
} from "@/components/config-editor/delete-config-entity-dialog";
import type { BundleScenario } from "@/lib/engine/contracts/bundle";
import { plural } from "@/lib/text/plural";

interface DeleteScenarioDialogProps extends DeleteEntityProps<BundleScenario> {
  /** Rules scoped to it or its steps: while there are any, the delete would be refused. */
  scopedRules: string[];
}

export function DeleteScenarioDialog({ scopedRules, agentKey, version, ...dialog }: DeleteScenarioDialogProps) {
  const scenario = dialog.entity;
  const blocker = scopedRules.length
    ? {
        title: "Rules are scoped to it",
        body: (
          <>
            {scopedRules.join(", ")} {scopedRules.length === 1 ? "points" : "point"} at this scenario or its steps.
            Delete them or change their scope
          </>
        ),
        fixOn: { page: "Rules page", href: `/agents/${agentKey}/rules` },
      }
    : null;
  return (
    <DeleteConfigEntityDialog
      kind="scenario"
      description={
        <>
          “{scenario?.name}” and its {plural(scenario?.steps.length ?? 0, "step")} and{" "}
          {plural(scenario?.transitions.length ?? 0, "transition")} stop from the next turn; conversations in it
          continue outside any scenario. This makes v{version + 1}; the ledger keeps every field, and the toast offers
          an undo.
        </>
      }
      blocker={blocker}
      {...dialog}
    />
  );
}

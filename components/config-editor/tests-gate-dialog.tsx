"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TestsGateAlert } from "./tests-gate-alert";
import type { TestsGate } from "./use-tests-gate";

interface TestsGateDialogProps {
  gate: TestsGate;
  /** What the refused change was, for the title: "Enable max-refund". */
  change: string;
  /** The resend is under way. */
  saving: boolean;
}

/**
 * A table row's one-click change (the Enabled switch) that the conversation-test gate refused: the same
 * refusal and "Save anyway" with a reason as in the editors, in a dialog since a table has no form to hold it.
 */
export function TestsGateDialog({ gate, change, saving }: TestsGateDialogProps) {
  return (
    <Dialog open={gate.refusal !== null} onOpenChange={(open) => (open ? null : gate.dismiss())}>
      <DialogContent data-testid="tests-gate-dialog">
        <DialogHeader>
          <DialogTitle>{change}: not saved</DialogTitle>
          <DialogDescription>Nothing changed. Fix the tests, or save past them with a reason.</DialogDescription>
        </DialogHeader>
        <TestsGateAlert gate={gate} saving={saving} />
      </DialogContent>
    </Dialog>
  );
}

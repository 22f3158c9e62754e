"use client";

import { Activity } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { PreviewDraft } from "@/lib/replay/impact-preview-client";
import { ReplayWindowFields } from "../replay/replay-window-fields";
import { ImpactPreviewBody } from "./impact-preview-body";
import type { ImpactPreviewState } from "./use-impact-preview";

// A wide drawer from the right, over the editor: the report needs room for two columns side by side.
const DRAWER =
  "top-0 right-0 left-auto flex h-screen max-h-screen w-full max-w-6xl translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-y-0 border-r-0 p-0";

export interface ImpactPreviewControlProps {
  agentKey: string;
  preview: ImpactPreviewState;
  /** The draft exactly as Save would send it; null when the form does not convert (it shows why). */
  draft: () => PreviewDraft | null;
  disabled?: boolean;
  /** Placement of the button in its toolbar. */
  className?: string;
}

/** "Preview impact" beside Save: replays recent conversations on the unsaved draft and shows what would change. */
export function ImpactPreviewControl({ agentKey, preview, draft, disabled, className }: ImpactPreviewControlProps) {
  const [open, setOpen] = useState(false);
  const running = preview.state.phase === "running";

  function start() {
    const current = draft();
    if (!current) return;
    setOpen(true);
    void preview.run(current);
  }

  function close() {
    preview.cancel();
    setOpen(false);
  }

  const stamped = preview.state.phase === "done" && preview.state.preview.stamp !== null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className={className}
        onClick={start}
        disabled={disabled || running}
        pending={running}
      >
        <Activity aria-hidden="true" />
        Preview impact
      </Button>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <DialogContent className={DRAWER} data-testid="impact-preview">
          <DialogHeader className="border-border border-b p-5 pr-12">
            <DialogTitle>Impact preview</DialogTitle>
            <DialogDescription>
              What this unsaved draft would change on the agent&apos;s recent conversations: each recorded turn is
              replayed on the saved configuration and on the draft, with the model answers it got then, and only their
              differences are listed — not what earlier saves changed. Nothing is saved.
            </DialogDescription>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <ReplayWindowFields value={preview.replayWindow} onChange={preview.setReplayWindow} disabled={running} />
              <Button type="button" size="sm" variant="outline" onClick={start} disabled={running}>
                Preview again
              </Button>
            </div>
          </DialogHeader>
          <div className="min-h-0 flex-1 overflow-y-auto p-5">
            <ImpactPreviewBody agentKey={agentKey} state={preview.state} onCancel={preview.cancel} onRetry={start} />
          </div>
          <div className="flex items-center justify-end gap-2 border-border border-t p-4">
            {stamped ? (
              <span className="mr-auto text-muted-foreground text-xs">
                Back in the editor, save this draft unchanged and its version records these counts in the ledger.
              </span>
            ) : null}
            <Button type="button" variant="outline" onClick={close}>
              Back to the editor
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

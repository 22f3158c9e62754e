"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ConfigEditor } from "./use-config-editor";

interface EditorFooterProps<F extends object> {
  editor: ConfigEditor<F>;
  /** The form the submit button saves: it sits outside the form, below the scrolling body. */
  formId: string;
  readOnly: boolean;
  saveLabel: string;
  /** Beside Save for designers: the impact preview of the draft. */
  preview?: ReactNode;
}

/** The drawer's footer: the unsaved-changes note, Cancel (Close for viewers) and the save with its pending. */
export function EditorFooter<F extends object>({ editor, formId, readOnly, saveLabel, preview }: EditorFooterProps<F>) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-border border-t p-4">
      {editor.dirty ? <span className="mr-auto text-muted-foreground text-xs">Unsaved changes</span> : null}
      <Button type="button" variant="ghost" onClick={editor.requestClose}>
        {readOnly ? "Close" : "Cancel"}
      </Button>
      {readOnly ? null : preview}
      {readOnly ? null : (
        <Button type="submit" form={formId} pending={editor.saving} disabled={!editor.dirty || editor.reloading}>
          {saveLabel}
        </Button>
      )}
    </div>
  );
}

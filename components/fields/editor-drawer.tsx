"use client";

import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { EntityEditor } from "./use-entity-editor";

// A drawer from the right (UI.md "editor drawer"), as the rule editor's: the form on the left, the
// tester beside it. The tester sits outside the form: Enter in a tester input must not save.
const DRAWER =
  "top-0 right-0 left-auto flex h-screen max-h-screen w-full max-w-5xl translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-y-0 border-r-0 p-0";

interface EditorDrawerProps<F extends object> {
  testId: string;
  formId: string;
  title: string;
  /** The entity's name as loaded, shown in monospace after the title. */
  loadedName: string | null;
  description: ReactNode;
  editor: EntityEditor<F>;
  readOnly: boolean;
  saveLabel: string;
  onSubmit: () => void;
  form: ReactNode;
  tester: ReactNode;
}

export function EditorDrawer<F extends object>({
  testId,
  formId,
  title,
  loadedName,
  description,
  editor,
  readOnly,
  saveLabel,
  onSubmit,
  form,
  tester,
}: EditorDrawerProps<F>) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : editor.requestClose())}>
      <DialogContent className={DRAWER} data-testid={testId}>
        <DialogHeader className="border-border border-b p-5 pr-12">
          <DialogTitle>
            {title}
            {loadedName ? <span className="ml-2 font-mono font-normal text-sm">{loadedName}</span> : null}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-5 overflow-y-auto p-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <form
            id={formId}
            noValidate
            className="min-w-0 space-y-4"
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {editor.conflict ? (
              <Alert variant="warning" title="Someone saved a newer version">
                <p>{editor.conflict}</p>
                <div className="mt-2 flex gap-2">
                  <Button type="button" size="sm" onClick={editor.reloadKeepingEdits} pending={editor.reloading}>
                    Reload, keep my edits
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={editor.discard}>
                    Discard my edits
                  </Button>
                </div>
              </Alert>
            ) : null}
            {editor.message ? <Alert variant="danger">{editor.message}</Alert> : null}
            <fieldset disabled={readOnly} className="min-w-0 space-y-4">
              {form}
            </fieldset>
          </form>
          <aside className="min-w-0 lg:sticky lg:top-0 lg:self-start">{tester}</aside>
        </div>
        <div className="flex items-center justify-end gap-2 border-border border-t p-4">
          {editor.dirty ? <span className="mr-auto text-muted-foreground text-xs">Unsaved changes</span> : null}
          <Button type="button" variant="ghost" onClick={editor.requestClose}>
            {readOnly ? "Close" : "Cancel"}
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={formId} pending={editor.saving} disabled={!editor.dirty || editor.reloading}>
              {saveLabel}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

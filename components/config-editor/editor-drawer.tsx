"use client";

import { type ReactNode, useEffect, useState } from "react";
import {
  ImpactPreviewControl,
  type ImpactPreviewControlProps,
} from "@/components/impact-preview/impact-preview-control";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { ConflictAlert } from "./conflict-alert";
import { editorDescription } from "./editor-description";
import { EditorFooter } from "./editor-footer";
import { TestsGateAlert } from "./tests-gate-alert";
import type { ConfigEditor } from "./use-config-editor";

// A drawer from the right (the editor drawer): the form on the left, the tester beside it. The
// tester sits outside the form: Enter in a tester input must not save.
const DRAWER =
  "top-0 right-0 left-auto flex h-screen max-h-screen w-full max-w-5xl translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-y-0 border-r-0 p-0";
// The tester column: 20rem beside a rule's or a tool's form, 22rem beside a profile field's or a
// response variable's (the widths each editor was designed with).
const BODY = {
  narrow: "grid min-h-0 flex-1 grid-cols-1 gap-5 overflow-y-auto p-5 lg:grid-cols-[minmax(0,1fr)_20rem]",
  wide: "grid min-h-0 flex-1 grid-cols-1 gap-5 overflow-y-auto p-5 lg:grid-cols-[minmax(0,1fr)_22rem]",
};

interface EditorDrawerProps<F extends object> {
  /**
   * What it edits, "profile field": the title ("New profile field", "Edit …", "Profile field" when
   * read-only); its last word names Save ("Save field") and the ids (field-editor, field-editor-form).
   */
  noun: string;
  /** The entity's key or name as loaded (null: a new one), shown in monospace after the title. */
  loadedName: string | null;
  /** The agent and the version the page shows, for the line under the title. */
  agentName: string;
  currentVersion: number;
  /** After "read-only: ", what a viewer may and may not do here. */
  readOnlyNote: string;
  /** What else a save makes besides the next config version ("profile schema v4"). */
  alsoMakes?: string;
  editor: ConfigEditor<F>;
  readOnly: boolean;
  onSubmit: () => void;
  form: ReactNode;
  tester: ReactNode;
  testerWidth?: keyof typeof BODY;
  /** The impact preview beside Save (designers only: viewers get a read-only drawer): its state and Save's draft. */
  preview?: Omit<ImpactPreviewControlProps, "disabled">;
}

export function EditorDrawer<F extends object>({
  noun,
  loadedName,
  agentName,
  currentVersion,
  readOnlyNote,
  alsoMakes,
  editor,
  readOnly,
  onSubmit,
  form,
  tester,
  testerWidth = "wide",
  preview,
}: EditorDrawerProps<F>) {
  // The drawer mounts on the click that opens it: the focused element then is its opener. Focus goes
  // back to it after the drawer unmounts; the timeout runs after the dialog's own focus restore, which
  // has no trigger to return to (the drawer is opened from code).
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(
    () => () => {
      window.setTimeout(() => {
        if (opener?.isConnected && opener !== document.body) opener.focus();
      }, 0);
    },
    [opener],
  );
  const kind = noun.split(" ").at(-1);
  const testId = `${kind}-editor`;
  const formId = `${testId}-form`;
  const title = readOnly
    ? noun.charAt(0).toUpperCase() + noun.slice(1)
    : `${loadedName === null ? "New" : "Edit"} ${noun}`;
  const saveLabel = `${loadedName === null ? "Create" : "Save"} ${kind}`;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : editor.requestClose())}>
      <DialogContent className={DRAWER} data-testid={testId} onCloseAutoFocus={(event) => event.preventDefault()}>
        <DialogHeader className="border-border border-b p-5 pr-12">
          <DialogTitle>
            {title}
            {loadedName ? <span className="ml-2 font-mono font-normal text-sm">{loadedName}</span> : null}
          </DialogTitle>
          <DialogDescription>
            {editorDescription({
              agentName,
              readOnly,
              currentVersion,
              expectedVersion: editor.expectedVersion,
              readOnlyNote,
              alsoMakes,
            })}
          </DialogDescription>
        </DialogHeader>
        <div className={BODY[testerWidth]}>
          <form
            id={formId}
            noValidate
            className="min-w-0 space-y-4"
            aria-label={title}
            onSubmit={submitWithoutReload(onSubmit)}
          >
            {editor.conflict ? (
              <ConflictAlert
                message={editor.conflict}
                reloading={editor.reloading}
                onKeep={editor.reloadKeepingEdits}
                onDiscard={editor.discard}
              />
            ) : null}
            <TestsGateAlert gate={editor.gate} saving={editor.saving} />
            {editor.message ? <Alert variant="danger">{editor.message}</Alert> : null}
            <fieldset disabled={readOnly} className="min-w-0 space-y-4">
              {form}
            </fieldset>
          </form>
          <aside className="min-w-0 lg:sticky lg:top-0 lg:self-start">{tester}</aside>
        </div>
        <EditorFooter
          editor={editor}
          formId={formId}
          readOnly={readOnly}
          saveLabel={saveLabel}
          preview={preview ? <ImpactPreviewControl {...preview} disabled={!editor.dirty || editor.reloading} /> : null}
        />
        <ConfirmDeleteDialog
          open={editor.closing}
          title={editor.discardPrompt}
          description="What you changed in this editor is not saved; closing drops it."
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          pending={false}
          onConfirm={editor.closeWithoutSaving}
          onCancel={editor.keepEditing}
        />
      </DialogContent>
    </Dialog>
  );
}

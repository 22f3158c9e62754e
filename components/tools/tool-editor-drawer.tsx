"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { useUnsavedChangesGuard } from "@/components/rules/use-unsaved-changes-guard";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { createToolAction } from "@/lib/actions/tools/create-tool";
import { updateToolAction } from "@/lib/actions/tools/update-tool";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import {
  formErrorsOf,
  formFromTool,
  newToolForm,
  type ToolFormErrors,
  type ToolFormState,
  toolFromForm,
  toolKeyFromName,
} from "@/lib/tools-editor/tool-form-state";
import type { ToolsWorkspaceData } from "@/lib/tools-editor/tools-workspace";
import { ToolFormFields } from "./tool-form-fields";
import { ToolTryPanel } from "./tool-try-panel";
import { useToolHostStatus } from "./use-tool-host-status";

export interface ToolEditorTarget {
  /** null: a new tool. */
  tool: BundleTool | null;
  /** The config_version the editor was opened on: sent as expected_config_version. */
  loadedVersion: number;
}

interface ToolEditorDrawerProps {
  target: ToolEditorTarget;
  data: ToolsWorkspaceData;
  /** The version the page shows now; used after "reload, keep my edits". */
  currentVersion: number;
  readOnly: boolean;
  onSaved: (version: number) => void;
  onClose: () => void;
}

// A drawer from the right (UI.md "editor drawer"): the form on the left, Try it beside it.
const FORM_ID = "tool-editor-form";
const DRAWER =
  "top-0 right-0 left-auto flex h-screen max-h-screen w-full max-w-5xl translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-y-0 border-r-0 p-0";

/** Which form errors an edit makes stale: a field's own, and every row error of the list it touched. */
function staleErrorKeys(patch: Partial<ToolFormState>, key: string): boolean {
  if (key in patch) return true;
  if ("inputs" in patch && key.startsWith("input")) return true;
  if ("variables" in patch && key.startsWith("variable")) return true;
  return false;
}

export function ToolEditorDrawer({ target, data, currentVersion, readOnly, onSaved, onClose }: ToolEditorDrawerProps) {
  const router = useRouter();
  const initial = useMemo(() => (target.tool ? formFromTool(target.tool) : newToolForm()), [target.tool]);
  const [form, setForm] = useState(initial);
  const [keyEdited, setKeyEdited] = useState(target.tool !== null);
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [rebased, setRebased] = useState(false);
  const [saving, startSave] = useTransition();
  const [reloading, startReload] = useTransition();
  const dirty = !readOnly && JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChangesGuard(dirty);
  const expectedVersion = rebased ? currentVersion : target.loadedVersion;
  const savedStatus = target.tool ? data.hostStatus[target.tool.key] : undefined;
  const host = useToolHostStatus(
    data.agent.key,
    form.url,
    target.tool?.kind === "http" && savedStatus ? { url: target.tool.output.url, status: savedStatus } : null,
    !readOnly && form.kind === "http",
  );

  function update(patch: Partial<ToolFormState>) {
    if (patch.key !== undefined) setKeyEdited(true);
    setForm((current) => {
      const next = { ...current, ...patch };
      if (!keyEdited && patch.name !== undefined) next.key = toolKeyFromName(patch.name);
      return next;
    });
    // A field's error is about its old value: drop it once the designer edits the field.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !staleErrorKeys(patch, key))));
  }

  function requestClose() {
    if (dirty && !window.confirm("Discard your unsaved changes to this tool?")) return;
    onClose();
  }

  function save() {
    const converted = toolFromForm(form, data.takenNames);
    if (!converted.ok) {
      setErrors(converted.errors);
      setMessage("Some fields need attention.");
      return;
    }
    const at = { agent_key: data.agent.key, expected_config_version: expectedVersion };
    startSave(async () => {
      const result = target.tool
        ? await updateToolAction({ ...at, tool_key: target.tool.key, tool: converted.tool })
        : await createToolAction({ ...at, tool: converted.tool });
      if (result.ok) {
        toast.success(
          result.data.changed ? `Saved ${converted.tool.key} · v${result.data.config_version}` : "Nothing changed.",
        );
        onSaved(result.data.config_version);
        router.refresh();
        onClose();
        return;
      }
      setErrors(formErrorsOf(result.fieldErrors ?? {}, form));
      setConflict(result.code === "CONFLICT" ? result.message : null);
      setMessage(result.code === "CONFLICT" ? null : result.message);
    });
  }

  function discard() {
    onClose();
    router.refresh();
  }

  /** Loads the newer version and saves on top of it next time; the form keeps what was typed. */
  function reloadKeepingEdits() {
    setConflict(null);
    setRebased(true);
    startReload(() => router.refresh());
  }

  const title = readOnly ? "Tool" : target.tool ? "Edit tool" : "New tool";
  return (
    <Dialog open onOpenChange={(open) => (open ? null : requestClose())}>
      <DialogContent className={DRAWER} data-testid="tool-editor">
        <DialogHeader className="border-border border-b p-5 pr-12">
          <DialogTitle>
            {title}
            {target.tool ? <span className="ml-2 font-mono font-normal text-sm">{target.tool.key}</span> : null}
          </DialogTitle>
          <DialogDescription>
            {readOnly
              ? `${data.agent.name} · v${currentVersion} · read-only: designers edit and try tools.`
              : `${data.agent.name} · editing v${expectedVersion}; saving makes v${expectedVersion + 1}, recorded in the ledger.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-5 overflow-y-auto p-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
          {/* Try it sits outside the form: Enter in a try input must not save the tool. */}
          <form
            id={FORM_ID}
            noValidate
            className="space-y-4"
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            {conflict ? (
              <ConflictAlert message={conflict} reloading={reloading} onKeep={reloadKeepingEdits} onDiscard={discard} />
            ) : null}
            {message ? <Alert variant="danger">{message}</Alert> : null}
            <fieldset disabled={readOnly} className="min-w-0">
              <ToolFormFields
                form={form}
                update={update}
                errors={errors}
                takenNames={data.takenNames}
                host={host}
                readOnly={readOnly}
              />
            </fieldset>
          </form>
          <aside className="lg:sticky lg:top-0 lg:self-start">
            <ToolTryPanel
              agentKey={data.agent.key}
              form={form}
              draft={() => toolFromForm(form, data.takenNames)}
              onInvalid={(found) => {
                setErrors(found);
                setMessage("Some fields need attention.");
              }}
              hostStatus={host.status}
              readOnly={readOnly}
            />
          </aside>
        </div>
        <div className="flex items-center justify-end gap-2 border-border border-t p-4">
          {dirty ? <span className="mr-auto text-muted-foreground text-xs">Unsaved changes</span> : null}
          <Button type="button" variant="ghost" onClick={requestClose}>
            {readOnly ? "Close" : "Cancel"}
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={FORM_ID} pending={saving} disabled={!dirty || reloading}>
              {target.tool ? "Save tool" : "Create tool"}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ConflictAlert({
  message,
  reloading,
  onKeep,
  onDiscard,
}: {
  message: string;
  reloading: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert variant="warning" title="Someone saved a newer version">
      <p>{message}</p>
      <div className="mt-2 flex gap-2">
        <Button type="button" size="sm" onClick={onKeep} pending={reloading}>
          Reload, keep my edits
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
          Discard my edits
        </Button>
      </div>
    </Alert>
  );
}

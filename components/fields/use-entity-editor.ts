"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useUnsavedChangesGuard } from "@/components/rules/use-unsaved-changes-guard";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/server/define-action";

interface EntityEditorOptions<F> {
  initial: F;
  readOnly: boolean;
  /** The config_version the editor was opened on: sent as expected_config_version. */
  loadedVersion: number;
  /** The version the page shows now; used after "reload, keep my edits". */
  currentVersion: number;
  onSaved: (version: number) => void;
  onClose: () => void;
}

/**
 * The state every editor drawer of this page shares with the rule editor: the form, the server's field
 * errors (dropped per field once it is edited), the save with its toast, and the stale-version
 * conflict with "reload, keep my edits" (the next save goes over the version the reload brought).
 */
export function useEntityEditor<F extends object>(options: EntityEditorOptions<F>) {
  const { initial, readOnly, loadedVersion, currentVersion, onSaved, onClose } = options;
  const router = useRouter();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [rebased, setRebased] = useState(false);
  const [saving, startSave] = useTransition();
  const [reloading, startReload] = useTransition();
  const dirty = !readOnly && JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChangesGuard(dirty);
  const expectedVersion = rebased ? currentVersion : loadedVersion;

  function update(patch: Partial<F>) {
    setForm((current) => ({ ...current, ...patch }));
    // A field's server error is about the old value: drop it once the designer edits the field.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  }

  /** `normalized`: the form as it is saved (blank rows dropped), so server row numbers match the rows shown. */
  function save<R extends { config_version: number; changed: boolean }>(
    normalized: F,
    call: (expected: number) => Promise<ActionResult<R>>,
    savedText: (data: R) => string,
  ) {
    setForm(normalized);
    startSave(async () => {
      const result = await call(expectedVersion);
      if (result.ok) {
        toast.success(result.data.changed ? savedText(result.data) : "Nothing changed.");
        onSaved(result.data.config_version);
        router.refresh();
        onClose();
        return;
      }
      setErrors(result.fieldErrors ?? {});
      setConflict(result.code === "CONFLICT" ? result.message : null);
      setMessage(result.code === "CONFLICT" ? null : result.message);
    });
  }

  function requestClose() {
    if (dirty && !window.confirm("Discard your unsaved changes?")) return;
    onClose();
  }

  function discard() {
    onClose();
    router.refresh();
  }

  function reloadKeepingEdits() {
    setConflict(null);
    setRebased(true);
    startReload(() => router.refresh());
  }

  return {
    form,
    update,
    errors,
    message,
    conflict,
    dirty,
    saving,
    reloading,
    expectedVersion,
    save,
    requestClose,
    discard,
    reloadKeepingEdits,
  };
}

export type EntityEditor<F extends object> = ReturnType<typeof useEntityEditor<F>>;

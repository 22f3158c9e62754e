"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useUnsavedChangesGuard } from "@/components/config-editor/use-unsaved-changes-guard";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console-api/action-result";
import type { OpenedEditorProps } from "./opened-editor-props";
import { type ForceTests, useTestsGate } from "./use-tests-gate";
import { useVersionConflict } from "./use-version-conflict";

type FormErrors = Record<string, string[]>;

export interface ConfigEditorOptions<F> extends Omit<OpenedEditorProps<unknown>, "data"> {
  initial: F;
  /** Asked before closing with unsaved edits; an editor may name what it edits ("… to this rule?"). */
  discardPrompt?: string;
  /** Which errors an edit makes stale; by default the errors of the fields it patches. */
  isStaleError?: (patch: Partial<F>, errorKey: string) => boolean;
  /** Fields that follow others (a new rule's key follows its name), merged over the patch. */
  derive?: (patch: Partial<F>) => Partial<F>;
  /** Maps the server's field errors (schema paths) onto the form's error keys; by default as they are. */
  formErrorsOf?: (fieldErrors: FormErrors, form: F) => FormErrors;
}

const fieldIsPatched = (patch: object, errorKey: string) => errorKey in patch;

/**
 * The state every config editor drawer shares (rules, tools, profile fields, response variables): the
 * form, the server's field errors (dropped per field once it is edited), the save with its toast, and
 * the stale-version conflict with "reload, keep my edits" (the next save goes over the version the
 * reload brought).
 */
export function useConfigEditor<F extends object>(options: ConfigEditorOptions<F>) {
  const { initial, readOnly, loadedVersion, currentVersion, onSaved, onClose } = options;
  const { discardPrompt = "Discard your unsaved changes?", isStaleError = fieldIsPatched, derive } = options;
  const router = useRouter();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const version = useVersionConflict(loadedVersion, currentVersion);
  const { conflict, setConflict, reloading, expectedVersion } = version;
  const [saving, startSave] = useTransition();
  const [closing, setClosing] = useState(false);
  const dirty = !readOnly && JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedChangesGuard(dirty);
  const gate = useTestsGate();

  function update(patch: Partial<F>) {
    const derived = derive?.(patch);
    setForm((current) => ({ ...current, ...patch, ...derived }));
    // A field's server error is about the old value: drop it once the designer edits the field.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !isStaleError(patch, key))));
  }

  /** The form does not convert to a saveable entity: show its errors without a save. */
  function invalid(found: FormErrors) {
    setErrors(found);
    setMessage("Some fields need attention.");
  }

  /** The server refused this draft (a Save, or a preview of it): its field errors inline, as Save shows them. */
  function rejected(fieldErrors: FormErrors, text: string | null, normalized: F = form) {
    setErrors(options.formErrorsOf ? options.formErrorsOf(fieldErrors, normalized) : fieldErrors);
    setMessage(text);
  }

  /**
   * `normalized`: the form as it is saved (blank rows dropped), so server row numbers match the rows
   * shown. `call` spreads `force` into its input: empty, or an admin's reason to pass the test gate.
   */
  function save<R extends { config_version: number; changed: boolean }>(
    normalized: F,
    call: (expected: number, force: ForceTests) => Promise<ActionResult<R>>,
    savedText: (data: R) => string,
  ) {
    setForm(normalized);
    const attempt = (force: ForceTests) =>
      startSave(async () => {
        const result = await call(expectedVersion, force);
        if (gate.settle(result, attempt)) {
          rejected({}, null, normalized);
          setConflict(null);
          return;
        }
        if (result.ok) {
          toast.success(result.data.changed ? savedText(result.data) : "Nothing changed.");
          onSaved(result.data.config_version);
          // Close first: a refresh started while the URL still says `?rule=new` brings that back.
          onClose();
          router.refresh();
          return;
        }
        rejected(result.fieldErrors ?? {}, result.code === "CONFLICT" ? null : result.message, normalized);
        setConflict(result.code === "CONFLICT" ? result.message : null);
      });
    attempt({});
  }

  /** Closing with unsaved edits asks first, in the console's own dialog (`closing`). */
  function requestClose() {
    if (dirty) setClosing(true);
    else onClose();
  }

  function discard() {
    onClose();
    router.refresh();
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
    gate,
    invalid,
    rejected,
    save,
    requestClose,
    closing,
    discardPrompt,
    keepEditing: () => setClosing(false),
    closeWithoutSaving: () => {
      setClosing(false);
      onClose();
    },
    discard,
    reloadKeepingEdits: version.reloadKeepingEdits,
  };
}

export type ConfigEditor<F extends object> = ReturnType<typeof useConfigEditor<F>>;

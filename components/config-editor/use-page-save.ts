"use client";

import { useState, useTransition } from "react";
import { useImpactPreview } from "@/components/impact-preview/use-impact-preview";
import type { ActionResult } from "@/lib/console-api/action-result";
import type { PreviewableEdit } from "@/lib/replay/preview-schemas";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";
import { type ForceTests, useTestsGate } from "./use-tests-gate";
import { useVersionConflict } from "./use-version-conflict";

type FieldErrors = Record<string, string[]>;

/** Save's draft of a page's form, or why the form blocks a save (said above it, with its field errors). */
type PageDraft<I> = { edit: PreviewableEdit; input: I } | { blocked: string; fieldErrors?: FieldErrors };

interface PageSaveOptions<I extends Record<string, unknown>, R extends { config_version: number }> {
  agent: { key: string; configVersion: number };
  /** The draft at the version the save lands on. */
  draft: (expectedVersion: number) => PageDraft<NoInfer<I>>;
  send: (input: I & ForceTests & { impact_preview?: ImpactPreviewStamp }) => Promise<ActionResult<R>>;
  /** After a save (the version is already taken): the toast, the form's new baseline, the refresh. */
  onSaved: (data: R) => void;
  /** After “Discard my edits” once the refresh brought the newer version: make it the form. */
  onDiscarded?: () => void;
}

/**
 * The save of a config page edited in place (a scenario, the settings): the version the form was
 * loaded on, or rebased to after “reload, keep my edits”; field errors and the message above the form;
 * the conflict; the test gate; the impact preview. Save's draft is the same for Save and its preview.
 */
export function usePageSave<I extends Record<string, unknown>, R extends { config_version: number }>(
  options: PageSaveOptions<I, R>,
) {
  const { agent } = options;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  // The version this form was loaded on; after "reload, keep my edits" the one the page shows now.
  const [loadedVersion, setLoadedVersion] = useState(agent.configVersion);
  const version = useVersionConflict(loadedVersion, agent.configVersion);
  const { conflict, setConflict, reloading, expectedVersion } = version;
  const [saving, startSave] = useTransition();
  const gate = useTestsGate();

  const preview = useImpactPreview(agent.key, (fieldErrors, text) => {
    setErrors(fieldErrors);
    setMessage(text);
  });

  /** Save's input for this form, the same for Save and for its impact preview; null while the form blocks a save. */
  function draft() {
    const next = options.draft(expectedVersion);
    if ("edit" in next) return next;
    if (next.fieldErrors) setErrors(next.fieldErrors);
    setMessage(next.blocked);
    return null;
  }

  function save(force: ForceTests = {}) {
    const request = draft();
    if (!request) return;
    startSave(async () => {
      const result = await options.send({ ...preview.stamped(request.input), ...force });
      if (gate.settle(result, save)) {
        setConflict(null);
        setMessage(null);
        return;
      }
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setConflict(result.code === "CONFLICT" ? result.message : null);
        setMessage(result.code === "CONFLICT" ? null : result.message);
        return;
      }
      setLoadedVersion(result.data.config_version);
      version.unrebase();
      options.onSaved(result.data);
    });
  }

  // "Discard my edits" after a conflict: when the refresh brings the newer version, it becomes the form.
  const [seenVersion, setSeenVersion] = useState(agent.configVersion);
  const [discardOnRefresh, setDiscardOnRefresh] = useState(false);
  if (agent.configVersion !== seenVersion) {
    setSeenVersion(agent.configVersion);
    if (discardOnRefresh) {
      options.onDiscarded?.();
      setLoadedVersion(agent.configVersion);
      version.unrebase();
      setDiscardOnRefresh(false);
    }
  }

  function discardAndReload() {
    setDiscardOnRefresh(true);
    version.reload();
  }

  return {
    errors,
    setErrors,
    message,
    setMessage,
    conflict,
    setConflict,
    loadedVersion,
    expectedVersion,
    saving,
    reloading,
    gate,
    preview,
    draft,
    save,
    discardAndReload,
    reloadKeepingEdits: version.reloadKeepingEdits,
  };
}

export type PageSave = ReturnType<typeof usePageSave>;

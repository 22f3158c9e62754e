"use client";

import { useImpactPreview } from "@/components/impact-preview/use-impact-preview";
import type { ActionResult } from "@/lib/console-api/action-result";
import type { PreviewableEdit } from "@/lib/replay/preview-schemas";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";
import type { OpenedEditorProps } from "./opened-editor-props";
import { type ConfigEditorOptions, useConfigEditor } from "./use-config-editor";
import type { ForceTests } from "./use-tests-gate";

type FormErrors = Record<string, string[]>;
type SaveResult = { config_version: number; changed: boolean };
type SaveExtras = ForceTests & { impact_preview?: ImpactPreviewStamp };

/** Where a save lands: the editor's agent and the version it was loaded on (or rebased to). */
interface SaveAt {
  agent_key: string;
  expected_config_version: number;
}

/** One Save of the form: the edit and its input (the same for Save and for its impact preview), and how it is sent. */
export interface ConfigSave<F, R extends SaveResult> {
  edit: PreviewableEdit;
  input: Record<string, unknown>;
  /** A knowledge file Save sends as a file (over 700 KB): its impact preview sends it as a file too. */
  file?: File;
  send: (extras: SaveExtras) => Promise<ActionResult<R>>;
  /** The toast after a save that changed something. */
  savedText: (data: R) => string;
  /** The form as it is saved (blank rows dropped), so the server's row numbers match the rows shown. */
  saved?: F;
}

/** A save through `action` of `input`: the input's type is checked against the action's here. */
export function configSave<F, I extends Record<string, unknown>, R extends SaveResult>(
  edit: PreviewableEdit,
  input: I,
  action: (input: I & SaveExtras) => Promise<ActionResult<R>>,
  rest: Pick<ConfigSave<F, R>, "savedText" | "saved">,
): ConfigSave<F, R> {
  return { edit, input, send: (extras) => action({ ...input, ...extras }), ...rest };
}

interface ConfigSaveOptions<F, R extends SaveResult>
  extends Omit<ConfigEditorOptions<F>, keyof OpenedEditorProps<unknown>> {
  /** Save's draft of this form, or the form's own errors when it does not convert to a saveable entity. */
  draft: (form: F, at: SaveAt) => ConfigSave<F, R> | { errors: FormErrors };
}

/**
 * The save of every config editor drawer (rules, tools, profile fields, response variables): the
 * drawer's state (useConfigEditor: draft form, field errors, conflict, pending), its impact preview,
 * and Save — the form converted once, the preview's stamp added while the draft is the one previewed,
 * the test gate's forced resend, the toast.
 */
export function useConfigSave<F extends object, R extends SaveResult>(
  opened: OpenedEditorProps<{ agent: { key: string; name: string } }>,
  options: ConfigSaveOptions<F, R>,
) {
  const agentKey = opened.data.agent.key;
  const editor = useConfigEditor({ ...opened, ...options });
  const preview = useImpactPreview(agentKey, editor.rejected);

  /** Save's draft, the same for Save and for its impact preview; null when the form does not convert. */
  function draft(): ConfigSave<F, R> | null {
    const at = { agent_key: agentKey, expected_config_version: editor.expectedVersion };
    const next = options.draft(editor.form, at);
    if (!("errors" in next)) return next;
    editor.invalid(next.errors);
    return null;
  }

  function save() {
    const next = draft();
    if (!next) return;
    editor.save(
      next.saved ?? editor.form,
      (_, force) => {
        const { impact_preview } = preview.stamped(next.input);
        return next.send({ ...(impact_preview ? { impact_preview } : {}), ...force });
      },
      next.savedText,
    );
  }

  // What every EditorDrawer takes from its save, whatever the drawer edits.
  const drawer = {
    editor,
    readOnly: opened.readOnly,
    agentName: opened.data.agent.name,
    currentVersion: opened.currentVersion,
    onSubmit: save,
    preview: { agentKey, preview, draft },
  };
  return { editor, drawer };
}

"use client";

import { useMemo } from "react";
import { EditorDrawer } from "@/components/config-editor/editor-drawer";
import type { OpenedEditorProps } from "@/components/config-editor/opened-editor-props";
import { configSave, useConfigSave } from "@/components/config-editor/use-config-save";
import { useKeyFromName } from "@/components/config-editor/use-key-from-name";
import { createToolAction } from "@/lib/actions/tools/create-tool";
import { updateToolAction } from "@/lib/actions/tools/update-tool";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { keyFromName } from "@/lib/keys/key-from-name";
import type { ToolChangeResult } from "@/lib/tools/tool-action-schemas";
import { formErrorsOf, formFromTool, newToolForm, type ToolFormState, toolFromForm } from "@/lib/tools/tool-form-state";
import type { ToolsWorkspaceData } from "@/lib/tools/tools-workspace";
import { ToolFormFields } from "./tool-form-fields";
import { ToolTryPanel } from "./tool-try-panel";
import { useToolHostStatus } from "./use-tool-host-status";

interface ToolEditorDrawerProps extends OpenedEditorProps<ToolsWorkspaceData> {
  /** null: a new tool. */
  tool: BundleTool | null;
}

/** Which form errors an edit makes stale: a field's own, and every row error of the list it touched. */
function staleErrorKeys(patch: Partial<ToolFormState>, key: string): boolean {
  if (key in patch) return true;
  if ("inputs" in patch && key.startsWith("input")) return true;
  if ("variables" in patch && key.startsWith("variable")) return true;
  return false;
}

/** One tool in the editor drawer: its form, and Try it beside it (outside the form: Enter there must not save). */
export function ToolEditorDrawer(props: ToolEditorDrawerProps) {
  const { tool: loaded, data, readOnly } = props;
  const initial = useMemo(() => (loaded ? formFromTool(loaded) : newToolForm()), [loaded]);
  const derive = useKeyFromName<ToolFormState>(loaded === null, (name) => keyFromName(name, "_"));
  const { editor, drawer } = useConfigSave(props, {
    initial,
    discardPrompt: "Discard your unsaved changes to this tool?",
    isStaleError: staleErrorKeys,
    derive,
    formErrorsOf,
    draft: (form, at) => {
      const converted = toolFromForm(form, data.takenNames);
      if (!converted.ok) return { errors: converted.errors };
      const tool = converted.tool;
      const savedText = (saved: ToolChangeResult) => `Saved ${tool.key} · v${saved.config_version}`;
      return loaded
        ? configSave("updateTool", { ...at, tool_key: loaded.key, tool }, updateToolAction, { savedText })
        : configSave("createTool", { ...at, tool }, createToolAction, { savedText });
    },
  });
  const { form } = editor;
  const savedStatus = loaded ? data.hostStatus[loaded.key] : undefined;
  const host = useToolHostStatus(
    data.agent.key,
    form.url,
    loaded?.kind === "http" && savedStatus ? { url: loaded.output.url, status: savedStatus } : null,
    !readOnly && form.kind === "http",
  );

  return (
    <EditorDrawer
      {...drawer}
      form={
        <ToolFormFields
          form={form}
          update={editor.update}
          errors={editor.errors}
          takenNames={data.takenNames}
          host={host}
          readOnly={readOnly}
          credentialNames={data.credentialNames}
          isNew={loaded === null}
        />
      }
      tester={
        <ToolTryPanel
          agentKey={data.agent.key}
          form={form}
          draft={() => toolFromForm(form, data.takenNames)}
          onInvalid={editor.invalid}
          hostStatus={host.status}
          readOnly={readOnly}
        />
      }
      noun="tool"
      loadedName={loaded?.key ?? null}
      readOnlyNote="designers edit and try tools."
      testerWidth="narrow"
    />
  );
}

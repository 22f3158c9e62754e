"use client";

import { useMemo } from "react";
import { EditorDrawer } from "@/components/config-editor/editor-drawer";
import type { OpenedEditorProps } from "@/components/config-editor/opened-editor-props";
import { useConfigEditor } from "@/components/config-editor/use-config-editor";
import { useKeyFromName } from "@/components/config-editor/use-key-from-name";
import { useImpactPreview } from "@/components/impact-preview/use-impact-preview";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { updateRuleAction } from "@/lib/actions/rules/update-rule";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { keyFromName } from "@/lib/keys/key-from-name";
import {
  formFromRule,
  NEW_RULE_FORM,
  type RuleFormState,
  ruleFromForm,
  usesExpression,
} from "@/lib/rules/rule-form-state";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";
import { sameRuleAs } from "@/lib/rules/same-rule";
import { CelTester } from "./cel-tester";
import { RuleFormFields } from "./rule-form-fields";

interface RuleEditorDrawerProps extends OpenedEditorProps<RulesWorkspaceData> {
  /** null: a new rule. */
  rule: BundleRule | null;
}

/** One rule in the editor drawer: its form, and the CEL tester beside it. */
export function RuleEditorDrawer(props: RuleEditorDrawerProps) {
  const { rule: loaded, data, loadedVersion, currentVersion, readOnly, onSaved, onClose } = props;
  const initial = useMemo(() => (loaded ? formFromRule(loaded) : NEW_RULE_FORM), [loaded]);
  const derive = useKeyFromName<RuleFormState>(loaded === null, keyFromName);
  const editor = useConfigEditor({
    initial,
    readOnly,
    loadedVersion,
    currentVersion,
    onSaved,
    onClose,
    discardPrompt: "Discard your unsaved changes to this rule?",
    derive,
  });
  const { form } = editor;
  const preview = useImpactPreview(data.agent.key, editor.rejected);
  const twin = readOnly ? null : sameRuleAs(form, data.rules, loaded?.key ?? null);

  /** Save's input for this form, the same for Save and for its impact preview; null when the form does not convert. */
  function draft() {
    const converted = ruleFromForm(form);
    if (!converted.ok) {
      editor.invalid(converted.fieldErrors);
      return null;
    }
    const rule = converted.rule;
    const at = { agent_key: data.agent.key, expected_config_version: editor.expectedVersion };
    return loaded
      ? { edit: "updateRule" as const, key: rule.key, input: { ...rule, ...at, rule_key: loaded.key } }
      : { edit: "createRule" as const, key: rule.key, input: { ...rule, ...at } };
  }

  function save() {
    const next = draft();
    if (!next) return;
    editor.save(
      form,
      (_, force) =>
        next.edit === "updateRule"
          ? updateRuleAction({ ...preview.stamped(next.input), ...force })
          : createRuleAction({ ...preview.stamped(next.input), ...force }),
      (saved) => `Saved ${next.key} · v${saved.config_version}`,
    );
  }

  const title = readOnly ? "Rule" : loaded ? "Edit rule" : "New rule";
  return (
    <EditorDrawer
      testId="rule-editor"
      formId="rule-editor-form"
      title={title}
      loadedName={loaded?.key ?? null}
      agentName={data.agent.name}
      currentVersion={currentVersion}
      readOnlyNote="designers edit rules; you can use the tester."
      editor={editor}
      readOnly={readOnly}
      saveLabel={loaded ? "Save rule" : "Create rule"}
      onSubmit={save}
      testerWidth="narrow"
      preview={{ agentKey: data.agent.key, preview, draft }}
      form={<RuleFormFields form={form} update={editor.update} errors={editor.errors} data={data} sameAs={twin} />}
      tester={
        usesExpression(form) ? (
          <CelTester
            agentKey={data.agent.key}
            expression={form.enforcement_expression}
            declarations={data.declarations}
          />
        ) : (
          <p className="rounded-lg border border-border border-dashed p-3 text-muted-foreground text-xs">
            The tester evaluates lane-1 CEL expressions. Make this a hard constraint in lane 1 to write one.
          </p>
        )
      }
    />
  );
}

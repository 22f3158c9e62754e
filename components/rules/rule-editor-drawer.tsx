"use client";

import { useMemo } from "react";
import { EditorDrawer } from "@/components/config-editor/editor-drawer";
import type { OpenedEditorProps } from "@/components/config-editor/opened-editor-props";
import { configSave, useConfigSave } from "@/components/config-editor/use-config-save";
import { useKeyFromName } from "@/components/config-editor/use-key-from-name";
import { createRuleAction } from "@/lib/actions/rules/create-rule";
import { updateRuleAction } from "@/lib/actions/rules/update-rule";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { keyFromName } from "@/lib/keys/key-from-name";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
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
  const { rule: loaded, data, readOnly } = props;
  const initial = useMemo(() => (loaded ? formFromRule(loaded) : NEW_RULE_FORM), [loaded]);
  const derive = useKeyFromName<RuleFormState>(loaded === null, keyFromName);
  const { editor, drawer } = useConfigSave(props, {
    initial,
    discardPrompt: "Discard your unsaved changes to this rule?",
    derive,
    draft: (form, at) => {
      const converted = ruleFromForm(form);
      if (!converted.ok) return { errors: converted.fieldErrors };
      const rule = converted.rule;
      const savedText = (saved: RuleChangeResult) => `Saved ${rule.key} · v${saved.config_version}`;
      return loaded
        ? configSave("updateRule", { ...rule, ...at, rule_key: loaded.key }, updateRuleAction, { savedText })
        : configSave("createRule", { ...rule, ...at }, createRuleAction, { savedText });
    },
  });
  const { form } = editor;
  const twin = readOnly ? null : sameRuleAs(form, data.rules, loaded?.key ?? null);

  return (
    <EditorDrawer
      {...drawer}
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
      noun="rule"
      loadedName={loaded?.key ?? null}
      readOnlyNote="designers edit rules; you can use the tester."
      testerWidth="narrow"
    />
  );
}

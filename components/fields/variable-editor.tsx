"use client";

import { EditorDrawer } from "@/components/config-editor/editor-drawer";
import type { OpenedEditorProps } from "@/components/config-editor/opened-editor-props";
import { configSave, useConfigSave } from "@/components/config-editor/use-config-save";
import { Input } from "@/components/ui/input";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { createVariableAction } from "@/lib/actions/fields/create-variable";
import { updateVariableAction } from "@/lib/actions/fields/update-variable";
import { LIST_LIMITS, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import { NEW_VARIABLE, type VariableForm, variableFromForm, variableToForm } from "@/lib/fields/editor-forms";
import type { ResponseVariable, VariableChangeResult } from "@/lib/fields/field-action-schemas";
import type { FieldsWorkspaceData } from "@/lib/fields/fields-workspace";
import { contextWordProblem, currencyProblem } from "@/lib/fields/money-form";
import { phraseProblem } from "@/lib/fields/phrases-form";
import { DescriptionField } from "./description-field";
import { ListRowsField, listRowsOf } from "./list-rows-field";
import { MoneyFields } from "./money-fields";
import { PatternStatus } from "./pattern-status";
import { PhrasesField } from "./phrases-field";
import { type TypeOption, TypeSelectField } from "./type-select-field";
import { UsedBy } from "./used-by";
import { VariableTester } from "./variable-tester";

const TYPES: TypeOption<ResponseVariable["type"]>[] = [
  {
    value: "number",
    hint: "Capture group 1 of each match, e.g. the 75 in “$75 refund”; “1,250” → 1250.",
  },
  { value: "string", hint: "Capture group 1 of each match, or the whole match without one." },
  {
    value: "boolean",
    hint: "True when any pattern matches the reply; false otherwise, never unresolved.",
  },
  {
    value: "money",
    hint: "Every amount near a context word, in any written form, converted to the currency; rules also read <name>_total, their sum. Amounts stated as a limit, price or total are not counted. Patterns are optional extra detectors.",
  },
  {
    value: "phrases",
    hint: "True when the reply names one of the listed names, however it is written; false otherwise. Patterns are optional extra detectors.",
  },
];

/** What the tester runs: the form as it would save, without rows a save would refuse. */
function testable(form: VariableForm): ResponseVariable {
  const variable = variableFromForm(form);
  if (variable.type === "phrases") {
    return { ...variable, phrases: (variable.phrases ?? []).filter((p) => phraseProblem(p) === null) };
  }
  if (variable.type !== "money") return variable;
  const rates = Object.fromEntries(Object.entries(variable.rates ?? {}).filter(([, rate]) => rate > 0));
  return {
    ...variable,
    currency: currencyProblem(variable.currency ?? "") ? "" : variable.currency,
    context_words: (variable.context_words ?? []).filter((w) => contextWordProblem(w) === null),
    limit_words: (variable.limit_words ?? []).filter((w) => contextWordProblem(w) === null),
    rates,
  };
}

interface VariableEditorProps extends OpenedEditorProps<FieldsWorkspaceData> {
  /** null: a new variable. */
  variable: ResponseVariable | null;
}

/** A response variable: a variable extracted from each draft reply, its patterns checked as typed, and the tester. */
export function VariableEditor(props: VariableEditorProps) {
  const { variable, data, readOnly } = props;
  const { editor, drawer } = useConfigSave(props, {
    initial: variable ? variableToForm(variable) : NEW_VARIABLE,
    draft: (form, at) => {
      const saved = variableFromForm(form);
      // Rates stay as typed (a rate that is not a number is the server's to name, on its row).
      const normalized = { ...variableToForm(saved), rates: form.rates.filter((row) => row.trim() !== "") };
      const rest = {
        savedText: (result: VariableChangeResult) => `Saved ${saved.name} · v${result.config_version}`,
        saved: normalized,
      };
      return variable
        ? configSave("updateVariable", { ...saved, ...at, loaded_name: variable.name }, updateVariableAction, rest)
        : configSave("createVariable", { ...saved, ...at }, createVariableAction, rest);
    },
  });
  const { form, update, errors } = editor;
  const text = textFieldsOf({ id: "variable", form, update, errors: (key) => errors[key] });

  return (
    <EditorDrawer
      {...drawer}
      tester={<VariableTester variable={testable(form)} />}
      form={
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              {...text("name")}
              label="Name"
              required
              hint="The CEL variable lane-1 rules read, e.g. refund_amount."
              maxLength={TEXT_LIMITS.key}
              inputClassName="font-mono text-xs"
            />
            <TypeSelectField {...text("type")} types={TYPES} />
          </div>
          {variable ? (
            <UsedBy use={data.uses[variable.name]} agentKey={data.agent.key} what="Renaming" rulesOnly />
          ) : null}
          {form.type === "money" ? (
            <MoneyFields form={form} update={update} errors={errors} readOnly={readOnly} />
          ) : null}
          {form.type === "phrases" ? (
            <PhrasesField form={form} update={update} errors={errors} readOnly={readOnly} />
          ) : null}
          <DescriptionField
            {...text("description")}
            hint="Guides the model extractor: what the reply commits to, and in which unit."
          />
          <ListRowsField
            id="variable-pattern"
            legend="Patterns"
            hint={
              form.type === "phrases"
                ? "Optional: regular expressions for what a name list cannot say, e.g. \\bthe other (?:store|shop)\\b. Any match makes the variable true."
                : "JavaScript regular expressions, matched case-insensitively and in order, over the reply as written, normalized (look-alike letters, spacing) and with money written as $<amount>."
            }
            {...listRowsOf({ form, update, errors, readOnly })("patterns", "Pattern")}
            max={LIST_LIMITS.patterns}
            renderRow={({ value, index, inputId, label, set }) => (
              <>
                <Input
                  id={inputId}
                  aria-label={label}
                  aria-describedby={`variable-pattern-status-${index}`}
                  value={value}
                  maxLength={TEXT_LIMITS.listEntry}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={
                    form.type === "boolean" || form.type === "phrases"
                      ? "\\bQuickCart\\b"
                      : "\\$\\s?(\\d+(?:\\.\\d{1,2})?)\\s+refund"
                  }
                  onChange={(e) => set(e.target.value)}
                  className="font-mono text-xs"
                />
                <PatternStatus id={`variable-pattern-status-${index}`} pattern={value} type={form.type} />
              </>
            )}
          />
        </>
      }
      noun="response variable"
      loadedName={variable?.name ?? null}
      readOnlyNote="designers edit variables; you can use the tester."
    />
  );
}

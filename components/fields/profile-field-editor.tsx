"use client";

import { EditorDrawer } from "@/components/config-editor/editor-drawer";
import type { OpenedEditorProps } from "@/components/config-editor/opened-editor-props";
import { configSave, useConfigSave } from "@/components/config-editor/use-config-save";
import { useKeyFromName } from "@/components/config-editor/use-key-from-name";
import { Input } from "@/components/ui/input";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { createProfileFieldAction } from "@/lib/actions/fields/create-profile-field";
import { updateProfileFieldAction } from "@/lib/actions/fields/update-profile-field";
import { LIST_LIMITS, TEXT_LIMITS } from "@/lib/engine/contracts/bundle";
import { NEW_PROFILE_FIELD, profileFieldFromForm } from "@/lib/fields/editor-forms";
import type { ProfileField, ProfileFieldChangeResult } from "@/lib/fields/field-action-schemas";
import type { FieldsWorkspaceData } from "@/lib/fields/fields-workspace";
import { variableNameFromLabel } from "@/lib/keys/key-from-name";
import { DescriptionField } from "./description-field";
import { FieldValueTester } from "./field-value-tester";
import { ListRowsField, listRowsOf } from "./list-rows-field";
import { type TypeOption, TypeSelectField } from "./type-select-field";
import { UsedBy } from "./used-by";
import { ValidationRuleStatus } from "./validation-rule-status";

const TYPES: TypeOption<ProfileField["field_type"]>[] = [
  { value: "string", hint: "Text; validation rules see value as a CEL string." },
  { value: "number", hint: "A CEL double; “1,250” from the customer is stored as 1250." },
  { value: "boolean", hint: "true/yes or false/no from the customer; a CEL bool." },
  { value: "date", hint: "ISO-8601 text, e.g. 2025-03-14; a CEL string." },
];

interface ProfileFieldEditorProps extends OpenedEditorProps<FieldsWorkspaceData> {
  /** null: a new field. */
  field: ProfileField | null;
}

/** A profile field definition: every field, each validation rule parsed as typed, and the tester. */
export function ProfileFieldEditor(props: ProfileFieldEditorProps) {
  const { field, data, readOnly } = props;
  const { editor, drawer } = useConfigSave(props, {
    initial: field ?? NEW_PROFILE_FIELD,
    draft: (form, at) => {
      const saved = profileFieldFromForm(form);
      const savedText = (result: ProfileFieldChangeResult) =>
        `Saved ${saved.field_name} · v${result.config_version} · profile schema v${result.profile_schema_version}`;
      return field
        ? configSave(
            "updateProfileField",
            { ...saved, ...at, loaded_name: field.field_name },
            updateProfileFieldAction,
            { savedText, saved },
          )
        : configSave("createProfileField", { ...saved, ...at }, createProfileFieldAction, { savedText, saved });
    },
  });
  const { form, update, errors } = editor;
  // A new field's name follows its display name until the designer types a name of their own.
  const nameFollows = useKeyFromName<ProfileField>(field === null, variableNameFromLabel, {
    name: "display_name",
    key: "field_name",
  });

  const text = textFieldsOf({
    id: "field",
    form,
    update: (patch) => update({ ...patch, ...nameFollows(patch) }),
    errors: (key) => errors[key],
  });
  const list = listRowsOf({ form, update, errors, readOnly });

  return (
    <EditorDrawer
      {...drawer}
      alsoMakes={`profile schema v${data.agent.profileSchemaVersion + 1}`}
      tester={<FieldValueTester fieldType={form.field_type} rules={form.validation_rules} />}
      form={
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              {...text("display_name", "display-name")}
              label="Display name"
              required
              maxLength={TEXT_LIMITS.name}
            />
            <TextField
              {...text("field_name", "name")}
              label="Field name"
              required
              hint="The CEL variable rules read; lower case, digits and _."
              maxLength={TEXT_LIMITS.key}
              inputClassName="font-mono text-xs"
            />
          </div>
          {field ? <UsedBy use={data.uses[field.field_name]} agentKey={data.agent.key} what="Renaming" /> : null}
          <TypeSelectField {...text("field_type", "type")} types={TYPES} />
          <DescriptionField
            {...text("description")}
            hint="The definition the sensor is given: what the field means, e.g. “VIP = lifetime spend > $1000”."
          />
          <ListRowsField
            id="field-rule"
            legend="Validation rules"
            hint={
              <>
                CEL predicates over <code className="font-mono">value</code>, the extracted value; every one must hold
                or the profile keeps its old value. E.g. <code className="font-mono">value in ["standard", "vip"]</code>
                .
              </>
            }
            {...list("validation_rules", "Validation rule")}
            max={LIST_LIMITS.validationRules}
            renderRow={({ value, index, inputId, label, set }) => (
              <>
                <Textarea
                  id={inputId}
                  aria-label={label}
                  aria-describedby={`field-rule-status-${index}`}
                  value={value}
                  onChange={(e) => set(e.target.value)}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder='value in ["standard", "vip"]'
                  className="min-h-9 font-mono text-xs"
                />
                <ValidationRuleStatus id={`field-rule-status-${index}`} rule={value} fieldType={form.field_type} />
              </>
            )}
          />
          <ListRowsField
            id="field-hint"
            legend="Extraction hints"
            hint="Phrases that tell the sensor where the value hides, e.g. “Look for 'VIP', 'premium', 'gold member'”."
            {...list("extraction_hints", "Extraction hint")}
            max={LIST_LIMITS.extractionHints}
            renderRow={({ value, inputId, label, set }) => (
              <Input
                id={inputId}
                aria-label={label}
                value={value}
                maxLength={TEXT_LIMITS.listEntry}
                onChange={(e) => set(e.target.value)}
              />
            )}
          />
        </>
      }
      noun="profile field"
      loadedName={field?.field_name ?? null}
      readOnlyNote="designers edit fields; you can use the tester."
    />
  );
}

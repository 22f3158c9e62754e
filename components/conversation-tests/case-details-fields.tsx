"use client";

import { ToolDataField } from "@/components/tools/tool-data-field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { type CaseForm, errorsAt, type FormErrors } from "@/lib/conversation-tests/case-form";

interface CaseDetailsFieldsProps {
  form: CaseForm;
  errors: FormErrors;
  readOnly: boolean;
  update: (patch: Partial<CaseForm>) => void;
}

function SwitchField(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
        aria-describedby={`${props.id}-hint`}
      />
      <div>
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      </div>
    </div>
  );
}

/** Name, key, suite, tags, description, enabled, continuity and the customer's profile. */
export function CaseDetailsFields({ form, errors, readOnly, update }: CaseDetailsFieldsProps) {
  const field = textFieldsOf({ id: "case", form, update, errors: (key) => errorsAt(errors, key) });
  const toggle = (key: "enabled" | "continuity") => ({
    id: `case-${key}`,
    checked: form[key],
    disabled: readOnly,
    onChange: (on: boolean) => update({ [key]: on }),
  });
  return (
    <fieldset disabled={readOnly} className="grid gap-3 md:grid-cols-2">
      <TextField {...field("name")} label="Name" required />
      <TextField
        {...field("key")}
        label="Key"
        required
        inputClassName="font-mono"
        placeholder="france-75-refund"
        hint="Lower-case letters, digits, '_' and '-'; runs and the gate name the case by it."
      />
      <TextField
        {...field("suite")}
        label="Suite"
        inputClassName="font-mono"
        hint="Run a suite on its own from the Tests page."
      />
      <TextField {...field("tags")} label="Tags" inputClassName="font-mono" hint="Separated by commas or spaces." />
      <TextField
        {...field("description")}
        label="Description"
        multiline
        inputClassName="min-h-14"
        className="md:col-span-2"
      />
      <SwitchField
        {...toggle("enabled")}
        label="Enabled"
        hint="Disabled cases stay here but no run or gate plays them."
      />
      <SwitchField
        {...toggle("continuity")}
        label="Continuity"
        hint="Follow-ups resolve against offered options, as in the Sandbox with continuity on."
      />
      <div className="md:col-span-2">
        <ToolDataField
          id="case-profile"
          label="Customer profile (JSON)"
          hint="The customer's profile when the conversation starts; CEL assertions can read its fields."
          required={false}
          className="min-h-20"
          value={form.profile}
          onChange={(profile) => update({ profile })}
          errors={errorsAt(errors, "customer_profile")}
        />
      </div>
    </fieldset>
  );
}

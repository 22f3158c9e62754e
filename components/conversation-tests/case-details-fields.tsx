"use client";

import { ToolDataField } from "@/components/tools/tool-data-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
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
  return (
    <fieldset disabled={readOnly} className="grid gap-3 md:grid-cols-2">
      <FormField label="Name" htmlFor="case-name" required errors={errorsAt(errors, "name")}>
        <Input id="case-name" value={form.name} onChange={(e) => update({ name: e.target.value })} />
      </FormField>
      <FormField
        label="Key"
        htmlFor="case-key"
        required
        errors={errorsAt(errors, "key")}
        hint="Lower-case letters, digits, '_' and '-'; runs and the gate name the case by it."
      >
        <Input
          id="case-key"
          value={form.key}
          onChange={(e) => update({ key: e.target.value })}
          className="font-mono"
          placeholder="france-75-refund"
        />
      </FormField>
      <FormField
        label="Suite"
        htmlFor="case-suite"
        errors={errorsAt(errors, "suite")}
        hint="Run a suite on its own from the Tests page."
      >
        <Input
          id="case-suite"
          value={form.suite}
          onChange={(e) => update({ suite: e.target.value })}
          className="font-mono"
        />
      </FormField>
      <FormField
        label="Tags"
        htmlFor="case-tags"
        errors={errorsAt(errors, "tags")}
        hint="Separated by commas or spaces."
      >
        <Input
          id="case-tags"
          value={form.tags}
          onChange={(e) => update({ tags: e.target.value })}
          className="font-mono"
        />
      </FormField>
      <FormField
        label="Description"
        htmlFor="case-description"
        errors={errorsAt(errors, "description")}
        className="md:col-span-2"
      >
        <Textarea
          id="case-description"
          value={form.description}
          onChange={(e) => update({ description: e.target.value })}
          className="min-h-14"
        />
      </FormField>
      <SwitchField
        id="case-enabled"
        label="Enabled"
        hint="Disabled cases stay here but no run or gate plays them."
        checked={form.enabled}
        disabled={readOnly}
        onChange={(enabled) => update({ enabled })}
      />
      <SwitchField
        id="case-continuity"
        label="Continuity"
        hint="Follow-ups resolve against offered options, as in the Sandbox with continuity on."
        checked={form.continuity}
        disabled={readOnly}
        onChange={(continuity) => update({ continuity })}
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

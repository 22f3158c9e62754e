"use client";

import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

interface DescriptionFieldProps {
  id: string;
  /** What the description is for: who reads it, and an example. */
  hint: string;
  value: string;
  errors?: string[];
  onChange: (description: string) => void;
}

/** The Description of a profile field or response variable: the text its extractor is guided by. */
export function DescriptionField({ id, hint, value, errors, onChange }: DescriptionFieldProps) {
  return (
    <FormField label="Description" htmlFor={id} errors={errors} hint={hint}>
      <Textarea id={id} value={value} maxLength={TEXT_LIMITS.description} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

"use client";

import { TextField } from "@/components/ui/text-field";
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
    <TextField
      id={id}
      label="Description"
      multiline
      errors={errors}
      hint={hint}
      value={value}
      maxLength={TEXT_LIMITS.description}
      onChange={onChange}
    />
  );
}

"use client";

import { ValueOptions } from "@/components/ui/select";
import { SelectField } from "@/components/ui/select-field";

/** A type the select offers, with the hint shown while it is chosen. */
export interface TypeOption<T extends string> {
  value: T;
  hint: string;
}

interface TypeSelectFieldProps<T extends string> {
  id: string;
  types: TypeOption<T>[];
  value: T;
  errors?: string[];
  onChange: (type: T) => void;
}

/** The Type select of a profile field or response variable; its hint says how values of that type are read. */
export function TypeSelectField<T extends string>({ id, types, value, errors, onChange }: TypeSelectFieldProps<T>) {
  return (
    <SelectField
      id={id}
      label="Type"
      errors={errors}
      hint={types.find((type) => type.value === value)?.hint}
      value={value}
      onChange={onChange}
    >
      <ValueOptions values={types.map((type) => type.value)} />
    </SelectField>
  );
}

"use client";

import { FormField } from "@/components/ui/form-field";
import { NativeSelect, ValueOptions } from "@/components/ui/select";

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
    <FormField label="Type" htmlFor={id} errors={errors} hint={types.find((type) => type.value === value)?.hint}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        <ValueOptions values={types.map((type) => type.value)} />
      </NativeSelect>
    </FormField>
  );
}

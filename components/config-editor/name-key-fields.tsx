"use client";

import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

interface NameKeyFieldsProps {
  /** The inputs' id prefix: "rule" → rule-name, rule-key. */
  id: string;
  form: { name: string; key: string };
  errors: { name?: string[]; key?: string[] };
  keyHint: string;
  update: (patch: { name?: string } | { key?: string }) => void;
  /** The grid's columns: the key column is narrower beside a scenario's graph. */
  columns: string;
}

/** An entity's Name and Key side by side (rules, tools, scenarios), each limited as the bundle is. */
export function NameKeyFields({ id, form, errors, keyHint, update, columns }: NameKeyFieldsProps) {
  return (
    <div className={`grid grid-cols-1 gap-3 ${columns}`}>
      <FormField label="Name" htmlFor={`${id}-name`} required errors={errors.name}>
        <Input
          id={`${id}-name`}
          value={form.name}
          onChange={(e) => update({ name: e.target.value })}
          maxLength={TEXT_LIMITS.name}
        />
      </FormField>
      <FormField label="Key" htmlFor={`${id}-key`} required errors={errors.key} hint={keyHint}>
        <Input
          id={`${id}-key`}
          value={form.key}
          onChange={(e) => update({ key: e.target.value })}
          className="font-mono text-xs"
          maxLength={TEXT_LIMITS.key}
        />
      </FormField>
    </div>
  );
}

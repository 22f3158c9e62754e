"use client";

import { TextField } from "@/components/ui/text-field";
import { TEXT_LIMITS } from "@/lib/engine/contracts/bundle";

interface NameKeyFieldsProps {
  /** The inputs' id prefix: "rule" → rule-name, rule-key. */
  id: string;
  /** The editor's form, its errors and its update. */
  of: {
    form: { name: string; key: string };
    errors: { name?: string[]; key?: string[] };
    update: (patch: { name?: string } | { key?: string }) => void;
  };
  keyHint: string;
  /** The grid's columns (none: stacked, as in a dialog); the key column is narrower beside a scenario's graph. */
  columns?: string;
}

/** An entity's Name and Key side by side (rules, tools, scenarios), each limited as the bundle is. */
export function NameKeyFields({ id, of, keyHint, columns = "" }: NameKeyFieldsProps) {
  const { form, errors, update } = of;
  return (
    <div className={`grid grid-cols-1 gap-3 ${columns}`}>
      <TextField
        id={`${id}-name`}
        label="Name"
        required
        errors={errors.name}
        value={form.name}
        onChange={(name) => update({ name })}
        maxLength={TEXT_LIMITS.name}
      />
      <TextField
        id={`${id}-key`}
        label="Key"
        required
        errors={errors.key}
        hint={keyHint}
        value={form.key}
        onChange={(key) => update({ key })}
        inputClassName="font-mono text-xs"
        maxLength={TEXT_LIMITS.key}
      />
    </div>
  );
}

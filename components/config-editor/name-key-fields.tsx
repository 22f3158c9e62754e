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
  /** The key's column beside the name (none: stacked, as in a dialog); narrower beside a scenario's graph. */
  keyColumn?: keyof typeof KEY_COLUMNS;
}

const KEY_COLUMNS = { wide: "sm:grid-cols-[1fr_16rem]", narrow: "sm:grid-cols-[1fr_12rem]" };

/** An entity's Name and Key side by side (rules, tools, scenarios), each limited as the bundle is. */
export function NameKeyFields({ id, of, keyHint, keyColumn }: NameKeyFieldsProps) {
  const { form, errors, update } = of;
  return (
    <div className={`grid grid-cols-1 gap-3 ${keyColumn ? KEY_COLUMNS[keyColumn] : ""}`}>
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

"use client";

import { Input } from "@/components/ui/input";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { SettingKind } from "@/lib/settings/settings-form-state";

interface SettingControlProps {
  id: string;
  label: string;
  kind: SettingKind;
  /** The override, or the default's text when there is none. */
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  invalid: boolean;
}

/** An example line of each setting typed one entry a line. */
const LINES_EXAMPLE = { patterns: "order_ref=ORD-[0-9]{6}", prices: "my-model = 0.5 / 1.5 / 0.25" };

/** One setting's input, chosen by its schema: checkbox, number (with its range), choice, text or comma list. */
export function SettingControl({ id, label, kind, value, onChange, invalid }: SettingControlProps) {
  const common = { id, "aria-label": label, "aria-invalid": invalid || undefined };
  // Every control but the checkbox edits the value as text.
  const asText = {
    ...common,
    value: String(value),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  switch (kind.kind) {
    case "boolean":
      return (
        <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
      );
    case "enum":
      return (
        <NativeSelect {...asText} className="w-40">
          <ValueOptions values={kind.options} />
        </NativeSelect>
      );
    case "number":
      return (
        <Input
          {...asText}
          type="number"
          min={kind.min ?? undefined}
          max={kind.max ?? undefined}
          step={kind.integer ? 1 : "any"}
          title={kind.min !== null && kind.max !== null ? `${kind.min} to ${kind.max}` : undefined}
          placeholder={kind.nullable ? "forever" : undefined}
          className="w-32 font-mono text-xs"
        />
      );
    case "text":
      return <Input {...asText} className="w-96" />;
    case "patterns":
    case "prices":
      return (
        <Textarea {...asText} rows={3} placeholder={LINES_EXAMPLE[kind.kind]} className="w-96 font-mono text-xs" />
      );
    case "list":
    case "tool_flags":
    case "shares":
      return (
        <Input
          {...asText}
          placeholder={kind.kind === "shares" ? "fallback=1, answered=0.1" : "comma-separated"}
          className="w-64 font-mono text-xs"
        />
      );
  }
}

"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ReplayWindow } from "@/lib/replay/preview-schemas";

// ReplayWindow's bounds (preview-schemas.ts).
const LIMITS = { sessions: 2000, turns: 20_000 };

interface ReplayWindowFieldsProps {
  value: Required<ReplayWindow>;
  onChange: (next: Required<ReplayWindow>) => void;
  disabled: boolean;
}

/** How many recent conversations to replay: the last N sessions, up to M turns, whichever is smaller. */
export function ReplayWindowFields({ value, onChange, disabled }: ReplayWindowFieldsProps) {
  const field = (name: keyof typeof LIMITS, label: string) => (
    <div className="flex items-center gap-1.5">
      <Label htmlFor={`replay-window-${name}`} className="text-muted-foreground text-xs">
        {label}
      </Label>
      <Input
        id={`replay-window-${name}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={LIMITS[name]}
        className="w-24 font-mono tabular-nums"
        value={value[name]}
        disabled={disabled}
        onChange={(event) => {
          const n = Math.round(Number(event.target.value));
          if (Number.isFinite(n)) onChange({ ...value, [name]: Math.min(LIMITS[name], Math.max(1, n)) });
        }}
      />
    </div>
  );
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">Conversations to replay</legend>
      {field("sessions", "Last sessions")}
      {field("turns", "up to turns")}
    </fieldset>
  );
}

import type { ReactNode } from "react";
import { cn } from "./cn";

export type StatProps = {
  label: ReactNode;
  /** The number, with its unit where one exists ("12 ms", "0.45 / 0.50"). */
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
};

export function Stat({ label, value, hint, className }: StatProps) {
  return (
    <div
      data-slot="stat"
      className={cn("flex min-w-0 flex-col gap-0.5 rounded-lg border border-border px-3 py-2.5", className)}
    >
      <span className="truncate text-muted-foreground text-xs">{label}</span>
      <span className="font-semibold text-foreground text-xl tabular-nums leading-7">{value}</span>
      {hint ? <span className="truncate text-muted-foreground text-xs">{hint}</span> : null}
    </div>
  );
}

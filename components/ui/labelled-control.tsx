import type { ReactNode } from "react";
import { Label } from "./label";

/** A label above its control, which carries `id`: a form row with no hint or errors of its own (FormField has them). */
export function LabelledControl({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

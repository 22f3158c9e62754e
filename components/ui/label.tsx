import { slotted } from "./slotted";

export const Label = slotted(
  "label",
  "label",
  "inline-flex items-center gap-1 font-medium text-foreground text-sm leading-5",
);

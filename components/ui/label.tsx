import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn("inline-flex items-center gap-1 font-medium text-foreground text-sm leading-5", className)}
      {...props}
    />
  );
}

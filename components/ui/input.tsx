import type { ComponentProps } from "react";
import { cn } from "./cn";

export const controlClassName =
  "w-full min-w-0 rounded-md border border-input bg-background text-foreground text-sm transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive [&[readonly]]:bg-muted";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        controlClassName,
        "h-8 px-2.5 file:mr-2 file:border-0 file:bg-transparent file:font-medium file:text-sm",
        className,
      )}
      {...props}
    />
  );
}

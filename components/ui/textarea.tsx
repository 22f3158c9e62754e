import type { ComponentProps } from "react";
import { cn } from "./cn";
import { controlClassName } from "./input";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlClassName, "min-h-20 resize-y px-2.5 py-1.5", className)}
      {...props}
    />
  );
}

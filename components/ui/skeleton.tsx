import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Placeholder block while data loads; mark the loading region itself with aria-busy. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("h-4 animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

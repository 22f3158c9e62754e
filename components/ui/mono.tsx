import type { ComponentProps } from "react";
import { cn } from "./cn";

export type MonoProps = ComponentProps<"span"> & {
  /**
   * true: clip with an ellipsis at the container width (set a max-w-* class);
   * a number: show only that many leading characters of a string child, e.g. a hash.
   * Either way the full value is in the title tooltip.
   */
  truncate?: boolean | number;
};

/** Inline monospace text for ids, hashes, CEL and numbers. */
export function Mono({ className, truncate, children, title, ...props }: MonoProps) {
  const text = typeof children === "string" || typeof children === "number" ? String(children) : undefined;
  const cut = typeof truncate === "number" && text !== undefined && text.length > truncate;
  return (
    <span
      data-slot="mono"
      title={title ?? (truncate && text !== undefined ? text : undefined)}
      className={cn(
        "font-mono text-[0.92em] tabular-nums",
        truncate === true && "inline-block max-w-full truncate align-bottom",
        className,
      )}
      {...props}
    >
      {cut ? `${text.slice(0, truncate)}…` : children}
    </span>
  );
}

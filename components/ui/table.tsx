import type { ComponentProps } from "react";
import { cn } from "./cn";

export type TableProps = ComponentProps<"table"> & {
  /**
   * Classes for the scrolling wrapper. The header sticks to the top of this wrapper, so give it a
   * height limit (e.g. "max-h-[calc(100vh-12rem)]") when the header should stay visible while scrolling.
   */
  containerClassName?: string;
};

export function Table({ className, containerClassName, ...props }: TableProps) {
  return (
    <div
      data-slot="table-container"
      className={cn("relative w-full overflow-auto rounded-lg border border-border", containerClassName)}
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm tabular-nums", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn("[&_tr]:border-b-0 [&_tr]:hover:bg-transparent", className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-border border-b transition-colors hover:bg-muted/60 aria-selected:bg-muted data-[state=selected]:bg-muted",
        className,
      )}
      {...props}
    />
  );
}

type NumericProp = {
  /** Right-aligned monospace tabular figures, for counts, latencies, scores. */
  numeric?: boolean;
};

export function TableHead({ className, numeric, ...props }: ComponentProps<"th"> & NumericProp) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn(
        // Sticky cells lose collapsed borders while scrolling: draw the rule with an inset shadow instead.
        "sticky top-0 z-10 h-8 whitespace-nowrap bg-muted px-3 text-left align-middle font-medium text-muted-foreground text-xs shadow-[inset_0_-1px_0_var(--color-border)]",
        numeric && "text-right",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, numeric, ...props }: ComponentProps<"td"> & NumericProp) {
  return (
    <td
      data-slot="table-cell"
      className={cn("h-9 px-3 py-1.5 align-middle", numeric && "text-right font-mono text-xs", className)}
      {...props}
    />
  );
}

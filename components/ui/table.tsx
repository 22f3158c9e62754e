import type { ComponentProps } from "react";
import { cn } from "./cn";
import { slotted } from "./slotted";
import { TableStackLabels } from "./table-stack-labels";

// Below 768 px a table stacks: each row becomes a card and each cell a line "Header  value", so no
// control sits off-screen in a box that scrolls sideways. `stack={false}` keeps a real grid (a
// table whose columns only make sense side by side, or one with its own phone layout).
const STACK = {
  container: "max-md:max-h-none max-md:overflow-visible max-md:rounded-none max-md:border-0",
  table: "max-md:block",
  cells:
    "max-md:[&>thead]:hidden max-md:[&>tbody]:block max-md:[&>tbody]:space-y-2 " +
    "max-md:[&>tbody>tr]:block max-md:[&>tbody>tr]:rounded-lg max-md:[&>tbody>tr]:border max-md:[&>tbody>tr]:border-border max-md:[&>tbody>tr]:px-2 max-md:[&>tbody>tr]:py-1.5 " +
    "max-md:[&>tbody>tr>td]:flex max-md:[&>tbody>tr>td]:h-auto max-md:[&>tbody>tr>td]:min-w-0 max-md:[&>tbody>tr>td]:flex-wrap max-md:[&>tbody>tr>td]:items-center max-md:[&>tbody>tr>td]:gap-x-2 max-md:[&>tbody>tr>td]:whitespace-normal max-md:[&>tbody>tr>td]:break-words max-md:[&>tbody>tr>td]:px-1 max-md:[&>tbody>tr>td]:py-1 max-md:[&>tbody>tr>td]:text-left " +
    "max-md:[&>tbody>tr>td]:before:w-24 max-md:[&>tbody>tr>td]:before:shrink-0 max-md:[&>tbody>tr>td]:before:font-sans max-md:[&>tbody>tr>td]:before:text-muted-foreground max-md:[&>tbody>tr>td]:before:text-xs max-md:[&>tbody>tr>td]:before:content-[attr(data-label)] " +
    "max-md:[&>tbody>tr>td[data-label='']]:before:hidden",
};

export type TableProps = ComponentProps<"table"> & {
  /**
   * Classes for the scrolling wrapper. The header sticks to the top of this wrapper, so give it a
   * height limit (e.g. "max-h-[calc(100vh-12rem)]") when the header should stay visible while scrolling.
   */
  containerClassName?: string;
  /** Rows become cards below 768 px (the default); false keeps the grid, scrolling inside its box. */
  stack?: boolean;
};

export function Table({ className, containerClassName, stack = true, ...props }: TableProps) {
  return (
    <div
      data-slot="table-container"
      data-stack={stack ? "" : undefined}
      className={cn(
        "relative w-full overflow-auto rounded-lg border border-border",
        containerClassName,
        stack && STACK.container,
      )}
    >
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-sm tabular-nums", className, stack && [STACK.table, STACK.cells])}
        {...props}
      />
      {stack ? <TableStackLabels /> : null}
    </div>
  );
}

export const TableHeader = slotted("thead", "table-header", "[&_tr]:border-b-0 [&_tr]:hover:bg-transparent");

export const TableBody = slotted("tbody", "table-body", "[&_tr:last-child]:border-0");

export const TableRow = slotted(
  "tr",
  "table-row",
  "border-border border-b transition-colors hover:bg-muted/60 aria-selected:bg-muted data-[state=selected]:bg-muted",
);

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

type Heading = string | { label: string; numeric?: boolean };

/**
 * A table's header row from its column labels; `actions` adds the last column, where each row's
 * buttons sit, named for screen readers only.
 */
export function TableHeadings({ labels, actions = false }: { labels: Heading[]; actions?: boolean }) {
  return (
    <TableHeader>
      <TableRow>
        {labels.map((heading) =>
          typeof heading === "string" ? (
            <TableHead key={heading}>{heading}</TableHead>
          ) : (
            <TableHead key={heading.label} numeric={heading.numeric}>
              {heading.label}
            </TableHead>
          ),
        )}
        {actions ? (
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        ) : null}
      </TableRow>
    </TableHeader>
  );
}

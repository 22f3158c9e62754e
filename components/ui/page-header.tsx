import type { ReactNode } from "react";
import { cn } from "./cn";

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Primary action (and at most a couple of secondary ones), right-aligned in the title row. */
  actions?: ReactNode;
  /** Links only: they are wrapped in <nav aria-label="Breadcrumb">. */
  breadcrumb?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, actions, breadcrumb, className }: PageHeaderProps) {
  return (
    <header data-slot="page-header" className={cn("flex flex-col gap-1 pb-4", className)}>
      {breadcrumb ? (
        <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-muted-foreground text-xs">
          {breadcrumb}
        </nav>
      ) : null}
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="min-w-0 truncate font-semibold text-foreground text-lg leading-7">{title}</h1>
        {/* On a phone the actions wrap under the title instead of pushing the page sideways. */}
        {actions ? <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {description ? <p className="max-w-3xl text-muted-foreground text-sm">{description}</p> : null}
    </header>
  );
}

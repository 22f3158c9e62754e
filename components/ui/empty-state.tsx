import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export type EmptyStateProps = {
  title: ReactNode;
  /** Say how to get the first row, e.g. "Create a rule, or import a bundle from Settings." */
  description: ReactNode;
  /** Usually the primary Button that creates the first item. */
  action?: ReactNode;
  /** Defaults to an inbox icon. */
  icon?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-lg border border-border border-dashed px-6 py-10 text-center",
        className,
      )}
    >
      <div className="text-muted-foreground [&_svg]:size-6" aria-hidden="true">
        {icon ?? <Inbox />}
      </div>
      <p className="font-medium text-foreground text-sm">{title}</p>
      <div className="max-w-md text-muted-foreground text-sm">{description}</div>
      {action ? <div className="mt-2 flex items-center gap-2">{action}</div> : null}
    </div>
  );
}

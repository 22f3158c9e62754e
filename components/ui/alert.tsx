import { CircleCheck, Info, OctagonAlert, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

type AlertVariant = "info" | "warning" | "danger" | "success";

const STYLES: Record<AlertVariant, { box: string; icon: ReactNode }> = {
  info: { box: "border-info-border bg-info-bg/60 [&_[data-alert-accent]]:text-info", icon: <Info /> },
  warning: {
    box: "border-warning-border bg-warning-bg/60 [&_[data-alert-accent]]:text-warning",
    icon: <TriangleAlert />,
  },
  danger: { box: "border-danger-border bg-danger-bg/60 [&_[data-alert-accent]]:text-danger", icon: <OctagonAlert /> },
  success: {
    box: "border-success-border bg-success-bg/60 [&_[data-alert-accent]]:text-success",
    icon: <CircleCheck />,
  },
};

export type AlertProps = {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** Inline message. Danger alerts interrupt (role="alert"); the others are polite (role="status"). */
export function Alert({ variant = "info", title, children, className }: AlertProps) {
  const style = STYLES[variant];
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      role={variant === "danger" ? "alert" : "status"}
      className={cn("flex gap-2.5 rounded-md border px-3 py-2.5 text-foreground text-sm", style.box, className)}
    >
      <span data-alert-accent="" aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-4">
        {style.icon}
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        {title ? (
          <p data-alert-accent="" className="font-medium leading-5">
            {title}
          </p>
        ) : null}
        {children ? <div className="leading-5">{children}</div> : null}
      </div>
    </div>
  );
}

/** Why the last save was refused, above the form's buttons; nothing while there is none. */
export function NotSavedAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert variant="danger" title="Not saved">
      {message}
    </Alert>
  ) : null;
}

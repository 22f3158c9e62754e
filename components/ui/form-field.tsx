import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";
import { FieldError } from "./field-error";
import { Label } from "./label";

export type FormFieldProps = {
  label: ReactNode;
  /** The control's id; the label points at it and hint/error ids derive from it. */
  htmlFor: string;
  hint?: ReactNode;
  errors?: string[];
  /** Shows a "required" marker after the label (still set `required` on the control). */
  required?: boolean;
  className?: string;
  children: ReactNode;
};

type DescribableProps = { "aria-describedby"?: string; "aria-invalid"?: boolean | "true" | "false" };

export function FormField({ label, htmlFor, hint, errors, required, className, children }: FormFieldProps) {
  const hintId = `${htmlFor}-hint`;
  const errorId = `${htmlFor}-error`;
  const invalid = (errors ?? []).some((message) => message.trim() !== "");

  // Wire the single child control to its hint and errors so they are read with it.
  let control = children;
  if (isValidElement(children)) {
    const child = children as ReactElement<DescribableProps>;
    const describedBy = [child.props["aria-describedby"], hint ? hintId : null, invalid ? errorId : null]
      .filter(Boolean)
      .join(" ");
    control = cloneElement(child, {
      "aria-describedby": describedBy || undefined,
      "aria-invalid": child.props["aria-invalid"] ?? (invalid || undefined),
    });
  }

  return (
    <div data-slot="form-field" data-invalid={invalid || undefined} className={cn("flex flex-col", className)}>
      <Label htmlFor={htmlFor} className="mb-1">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-muted-foreground">
            *
          </span>
        ) : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className="mt-1 text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} messages={errors} />
    </div>
  );
}

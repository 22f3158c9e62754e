import { ChevronDown } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { controlClassName } from "./input";

export type NativeSelectProps = ComponentProps<"select"> & {
  /** Classes for the <select> itself; `className` sizes the wrapper (default full width). */
  selectClassName?: string;
};

/** A styled native <select>: keyboard, type-ahead and mobile pickers come from the browser. */
export function NativeSelect({ className, selectClassName, children, ...props }: NativeSelectProps) {
  return (
    <div data-slot="native-select" className={cn("relative w-full", className)}>
      <select
        className={cn(controlClassName, "h-8 appearance-none bg-background py-0 pr-8 pl-2.5", selectClassName)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

/** A select's options, one a value: each labelled by itself (roles, kinds, names) or by `label`. */
export function ValueOptions<V extends string | number>({
  values,
  label = String,
}: {
  values: readonly V[];
  /** The option's text; the value itself when omitted. */
  label?: (value: V) => ReactNode;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** A select's options, each with its own text ({ value: "refund-desk", label: "Refund desk" }). */
export function LabelledOptions({ options }: { options: readonly { value: string; label: ReactNode }[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

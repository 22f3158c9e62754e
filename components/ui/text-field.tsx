import type { ComponentProps, Ref } from "react";
import { FormField, type FormFieldProps } from "./form-field";
import { Input } from "./input";
import { Textarea } from "./textarea";

type ControlProps = Pick<
  ComponentProps<"input">,
  | "type"
  | "min"
  | "max"
  | "maxLength"
  | "placeholder"
  | "spellCheck"
  | "autoComplete"
  | "name"
  | "readOnly"
  | "inputMode"
  | "aria-describedby"
>;

export type TextFieldProps = Omit<FormFieldProps, "htmlFor" | "children"> &
  ControlProps & {
    id: string;
    value: string;
    onChange: (value: string) => void;
    /** A Textarea (several lines) instead of a one-line Input. */
    multiline?: boolean;
    /** The control's own classes (`className` is the field's). */
    inputClassName?: string;
    ref?: Ref<HTMLInputElement>;
  };

/**
 * One labelled text control with its hint and errors: the FormField + Input (or Textarea) every form
 * repeats. `required` marks the label only, as on FormField; the control is never natively required.
 */
export function TextField({
  id,
  label,
  hint,
  errors,
  required,
  className,
  value,
  onChange,
  multiline,
  inputClassName,
  ref,
  ...control
}: TextFieldProps) {
  return (
    <FormField label={label} htmlFor={id} required={required} errors={errors} hint={hint} className={className}>
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClassName}
          {...(control as ComponentProps<"textarea">)}
        />
      ) : (
        <Input
          ref={ref}
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClassName}
          {...control}
        />
      )}
    </FormField>
  );
}

type TextKeys<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string;

/**
 * The id, value, change and errors of a form's text and select fields (TextField, SelectField), by key: `field("priority")` gives
 * `rule-priority`, `form.priority`, `update({ priority })` and its errors; `field("cooldown_turns",
 * "cooldown")` names the id otherwise.
 */
export function textFieldsOf<F>(of: {
  /** The ids' prefix: "rule" → rule-priority. */
  id: string;
  form: F;
  update: (patch: Partial<F>) => void;
  errors: (key: string) => string[] | undefined;
}) {
  return (key: TextKeys<F>, idSuffix: string = key.replaceAll("_", "-")) => ({
    id: `${of.id}-${idSuffix}`,
    value: of.form[key] as string,
    onChange: (value: string) => of.update({ [key]: value } as Partial<F>),
    errors: of.errors(key),
  });
}

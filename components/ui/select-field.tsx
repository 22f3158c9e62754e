import type { ReactNode } from "react";
import { FormField, type FormFieldProps } from "./form-field";
import { NativeSelect } from "./select";

type SelectFieldProps<V extends string> = Omit<FormFieldProps, "htmlFor" | "children"> & {
  id: string;
  value: V;
  /** The chosen option's value; the options are the caller's, so it is one of theirs. */
  onChange: (value: V) => void;
  disabled?: boolean;
  /** The options (ValueOptions, LabelledOptions, <option>s). */
  children: ReactNode;
};

/**
 * One labelled select with its hint and errors: the FormField + NativeSelect every form repeats, as
 * TextField is for text (`textFieldsOf` binds both to a form's key).
 */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  const { id, value, onChange, disabled, children, ...field } = props;
  return (
    <FormField htmlFor={id} {...field}>
      <NativeSelect id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
        {children}
      </NativeSelect>
    </FormField>
  );
}

import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

interface CaseTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[];
  hint?: string;
  required?: boolean;
  /** Keys, suites and tags are identifiers: monospace. */
  mono?: boolean;
  placeholder?: string;
  className?: string;
}

/** One line of a test case (name, key, suite, tags) with its hint and the server's errors. */
export function CaseTextField({
  id,
  label,
  value,
  onChange,
  errors,
  hint,
  required,
  mono,
  placeholder,
  className,
}: CaseTextFieldProps) {
  return (
    <FormField label={label} htmlFor={id} required={required} errors={errors} hint={hint} className={className}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={mono ? "font-mono" : undefined}
        placeholder={placeholder}
      />
    </FormField>
  );
}

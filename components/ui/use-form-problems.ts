import { useState } from "react";

type FieldErrors = Record<string, string[]>;

/** A form's problems: the field errors shown under each field and the message above them. */
export function useFormProblems() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    errors,
    message,
    setErrors,
    setMessage,
    /** Shows what a refused action answered (`{ ok: false, message, fieldErrors }`). */
    refused: (result: { message: string; fieldErrors?: FieldErrors }) => {
      setErrors(result.fieldErrors ?? {});
      setMessage(result.message);
    },
    clear: () => {
      setErrors({});
      setMessage(null);
    },
  };
}

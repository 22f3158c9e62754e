import { useState } from "react";
import type { z } from "zod";
import { fieldErrorsOf } from "@/lib/agents/field-errors";
import type { ActionResult } from "@/lib/console-api/action-result";

type FieldErrors = Record<string, string[]>;

/** A form's problems: the field errors shown under each field and the message above them. */
export function useFormProblems() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  /** Shows what a refused action answered (`{ ok: false, message, fieldErrors }`). */
  const refused = (result: { message: string; fieldErrors?: FieldErrors }) => {
    setErrors(result.fieldErrors ?? {});
    setMessage(result.message);
  };
  return {
    errors,
    message,
    setErrors,
    setMessage,
    refused,
    /**
     * The form's value as `schema` parses it; else null, with each field's problems shown as the action
     * would answer them (under `fieldOf(path)` where the form's fields are not the schema's).
     */
    valid: <S extends z.ZodType>(schema: S, value: unknown, fieldOf?: (path: string) => string): z.output<S> | null => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      setErrors(fieldErrorsOf(parsed.error, fieldOf));
      return null;
    },
    /**
     * The data of a server action that succeeded; else null, with why shown: the refusal's errors, or
     * that the server could not be reached (the call itself failed).
     */
    accepted: async <T>(call: Promise<ActionResult<T>>): Promise<T | null> => {
      const result = await call.catch(() => null);
      if (!result) {
        setMessage("Could not reach the Focal server: check the connection, then try again.");
        return null;
      }
      if (!result.ok) {
        refused(result);
        return null;
      }
      return result.data;
    },
    clear: () => {
      setErrors({});
      setMessage(null);
    },
  };
}

import type { ProfileField, ResponseVariable } from "./field-action-schemas";
import { rateRow, splitRateRow } from "./money-form";

// The two editors' form states. List fields are edited as rows; a blank row is one the designer added
// and has not filled (or emptied): it is dropped on save, not sent as an error.

export type ProfileFieldForm = ProfileField;
/**
 * Money fields are edited as text: the currency as typed, rates as "EUR 1.08" rows (money-form.ts).
 * A phrases variable's names are rows too.
 */
export type VariableForm = Omit<
  ResponseVariable,
  "currency" | "context_words" | "limit_words" | "rates" | "phrases"
> & {
  currency: string;
  context_words: string[];
  limit_words: string[];
  rates: string[];
  phrases: string[];
};

export const NEW_PROFILE_FIELD: ProfileFieldForm = {
  field_name: "",
  display_name: "",
  description: "",
  field_type: "string",
  validation_rules: [],
  extraction_hints: [],
};

export const NEW_VARIABLE: VariableForm = {
  name: "",
  type: "number",
  description: "",
  patterns: [],
  currency: "",
  context_words: [],
  limit_words: [],
  rates: [],
  phrases: [],
};

const filled = (rows: readonly string[]) => rows.filter((row) => row.trim() !== "");

/**
 * The field as it is saved: blank rows dropped, the name trimmed. Rules and patterns are otherwise
 * sent as typed, because parse errors give positions in the text the designer sees.
 */
export function profileFieldFromForm(form: ProfileFieldForm): ProfileField {
  return {
    ...form,
    field_name: form.field_name.trim(),
    validation_rules: filled(form.validation_rules),
    extraction_hints: filled(form.extraction_hints),
  };
}

/** The form of a stored variable: money fields as text, names as rows, empty for other types. */
export function variableToForm(variable: ResponseVariable): VariableForm {
  const { currency, context_words, limit_words, rates, phrases, ...rest } = variable;
  return {
    ...rest,
    currency: currency ?? "",
    context_words: context_words ?? [],
    limit_words: limit_words ?? [],
    rates: Object.entries(rates ?? {}).map(([code, rate]) => rateRow(code, String(rate))),
    phrases: phrases ?? [],
  };
}

/**
 * The variable as it is saved. A money variable sends its currency (trimmed, upper case), context
 * words, limit words (when there are some) and rates as typed, so the server names what is wrong; a
 * phrases variable sends its names, trimmed; any other type sends none of them, so switching a money
 * variable to number drops its rates.
 */
export function variableFromForm(form: VariableForm): ResponseVariable {
  const { currency, context_words, limit_words, rates, phrases, ...rest } = form;
  const base = { ...rest, name: form.name.trim(), patterns: filled(form.patterns) };
  if (form.type === "phrases") return { ...base, phrases: filled(phrases).map((p) => p.trim()) };
  if (form.type !== "money") return base;
  const limits = filled(limit_words).map((w) => w.trim());
  const table: Record<string, number> = {};
  for (const row of filled(rates)) {
    const [code, rate] = splitRateRow(row);
    table[code] = rate.trim() === "" ? Number.NaN : Number(rate.replace(",", "."));
  }
  return {
    ...base,
    currency: currency.trim().toUpperCase(),
    context_words: filled(context_words).map((w) => w.trim()),
    ...(limits.length > 0 ? { limit_words: limits } : {}),
    rates: table,
  };
}

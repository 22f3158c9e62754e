import type { ProfileField, ResponseVariable } from "./field-action-schemas";

// The two editors' form states. List fields are edited as rows; a blank row is one the designer added
// and has not filled (or emptied): it is dropped on save, not sent as an error.

export type ProfileFieldForm = ProfileField;
export type VariableForm = ResponseVariable;

export const NEW_PROFILE_FIELD: ProfileFieldForm = {
  field_name: "",
  display_name: "",
  description: "",
  field_type: "string",
  validation_rules: [],
  extraction_hints: [],
};

export const NEW_VARIABLE: VariableForm = { name: "", type: "number", description: "", patterns: [] };

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

export function variableFromForm(form: VariableForm): ResponseVariable {
  return { ...form, name: form.name.trim(), patterns: filled(form.patterns) };
}

/**
 * "Loyalty tier (2024)" → "loyalty_tier_2024": a name suggestion while the name is untouched. A CEL
 * identifier: lower case, digits and "_", starting with a letter, at most 64 characters.
 */
export function nameFromLabel(label: string): string {
  return (
    label
      .normalize("NFKD")
      // Drop the accents NFKD split off ("é" → "e"), so they do not become underscores.
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^[^a-z]+/, "")
      .slice(0, 64)
      .replace(/_+$/, "")
  );
}

import { moneyColumnOf } from "@/lib/bundles/variable-money";
import { phrasesColumnOf } from "@/lib/bundles/variable-phrases";
import type { ProfileField, ResponseVariable } from "@/lib/fields/field-action-schemas";

// Bundle form → columns, exactly as bundle import writes them (write-agent-config.ts insertAgentConfig),
// so a field saved here and the same field imported are the same row.

export function profileFieldColumns(field: ProfileField) {
  return {
    fieldName: field.field_name,
    displayName: field.display_name,
    description: field.description,
    fieldType: field.field_type,
    validationRules: field.validation_rules,
    extractionHints: field.extraction_hints,
  };
}

export function variableColumns(variable: ResponseVariable) {
  return {
    name: variable.name,
    type: variable.type,
    description: variable.description,
    patterns: variable.patterns,
    money: moneyColumnOf(variable),
    phrases: phrasesColumnOf(variable),
  };
}

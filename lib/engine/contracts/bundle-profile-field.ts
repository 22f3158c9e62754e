import { z } from "zod";
import { CEL_MAX_EXPRESSION_LENGTH } from "../cel/cel-environment";
import { VariableName } from "./bundle-keys";
import { LIST_LIMITS, Name, Phrases, TEXT_LIMITS as T, Text } from "./bundle-text";

/** A profile field definition: what the sensor extracts into the customer's profile. */
export const BundleProfileField = z.strictObject({
  field_name: VariableName,
  display_name: Name,
  description: Text(T.description).default(""),
  /** CEL type: string → string, number → double, boolean → bool, date (ISO-8601 text) → string. */
  field_type: z.enum(["string", "number", "boolean", "date"]),
  /** CEL predicates over `value` that an extracted value must pass, e.g. `value in ["standard", "vip"]`. */
  validation_rules: z
    .array(z.string().min(1).max(CEL_MAX_EXPRESSION_LENGTH))
    .max(LIST_LIMITS.validationRules)
    .default([]),
  extraction_hints: Phrases(LIST_LIMITS.extractionHints, T.listEntry).default([]),
});

export type BundleProfileField = z.output<typeof BundleProfileField>;

import { z } from "zod";
import { entityFieldsOf } from "@/lib/bundles/entity-fields-of";
import { CEL_MAX_EXPRESSION_LENGTH } from "@/lib/engine/cel/cel-environment";
import { BundleProfileField, BundleVariable, VariableName } from "@/lib/engine/contracts/bundle";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";

// Client-safe inputs of the profile field and response variable server actions. The entities' own
// fields ARE the bundle's (BundleProfileField, BundleVariable), so the editor forms, the actions and
// bundle import share one schema: names, limits and messages cannot drift apart.

export const CreateProfileFieldInput = BundleProfileField.extend(AgentAtVersion);
export type CreateProfileFieldInput = z.input<typeof CreateProfileFieldInput>;

/** `loaded_name` is the field_name as loaded; `field_name` may rename it. */
export const UpdateProfileFieldInput = BundleProfileField.extend({ ...AgentAtVersion, loaded_name: VariableName });
export type UpdateProfileFieldInput = z.input<typeof UpdateProfileFieldInput>;

export const ProfileFieldRefInput = z.strictObject({ ...AgentAtVersion, field_name: VariableName });
export type ProfileFieldRefInput = z.input<typeof ProfileFieldRefInput>;

export const CreateVariableInput = BundleVariable.extend(AgentAtVersion);
export type CreateVariableInput = z.input<typeof CreateVariableInput>;

/** `loaded_name` is the name as loaded; `name` may rename it. */
export const UpdateVariableInput = BundleVariable.extend({ ...AgentAtVersion, loaded_name: VariableName });
export type UpdateVariableInput = z.input<typeof UpdateVariableInput>;

export const VariableRefInput = z.strictObject({ ...AgentAtVersion, name: VariableName });
export type VariableRefInput = z.input<typeof VariableRefInput>;

/**
 * The validation-rule tester: the rules as typed (blank ones included, so verdicts line up with the
 * editor's rows) and one value. 20 rules is BundleProfileField's own limit; 10,000 characters is far
 * above what a person types.
 */
export const TestFieldValueInput = z.strictObject({
  field_type: BundleProfileField.shape.field_type,
  validation_rules: z.array(z.string().max(CEL_MAX_EXPRESSION_LENGTH)).max(20),
  value: z.string().max(10_000),
});
export type TestFieldValueInput = z.input<typeof TestFieldValueInput>;

/**
 * The pattern tester: the variable as typed and a pasted reply. 50 patterns of 500 characters are
 * BundleVariable's limits; 50,000 characters of reply is several times a long answer (the engine
 * scans any length in 8,000-character windows).
 */
export const TestVariableInput = z.strictObject({
  name: z.string().max(64),
  type: BundleVariable.shape.type,
  patterns: z.array(z.string().max(500)).max(50),
  /** Money variables: as typed; rows still being filled are the form's to drop (variableFromForm). */
  currency: BundleVariable.shape.currency,
  context_words: BundleVariable.shape.context_words,
  limit_words: BundleVariable.shape.limit_words,
  rates: BundleVariable.shape.rates,
  /** Phrases variables: the names as typed, blank rows dropped. */
  phrases: BundleVariable.shape.phrases,
  reply: z.string().max(50_000),
});
export type TestVariableInput = z.input<typeof TestVariableInput>;

export function profileFieldOf(
  input: z.output<typeof CreateProfileFieldInput> | z.output<typeof UpdateProfileFieldInput>,
): ProfileField {
  return entityFieldsOf(BundleProfileField, input);
}

export function variableOf(
  input: z.output<typeof CreateVariableInput> | z.output<typeof UpdateVariableInput>,
): ResponseVariable {
  return entityFieldsOf(BundleVariable, input);
}

/** A profile field as the bundle holds it, every default filled in. */
export type ProfileField = z.output<typeof BundleProfileField>;
/** A response variable as the bundle holds it. */
export type ResponseVariable = z.output<typeof BundleVariable>;

/** What every profile field mutation returns. */
export interface ProfileFieldChangeResult {
  config_version: number;
  /** Bumped with every change of the profile fields; unchanged when `changed` is false. */
  profile_schema_version: number;
  /** false when the save changed no field: nothing is written and both versions stay. */
  changed: boolean;
  field: ProfileField | null;
}

/** What every response variable mutation returns. */
export interface VariableChangeResult {
  config_version: number;
  changed: boolean;
  variable: ResponseVariable | null;
}

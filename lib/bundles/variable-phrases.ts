import type { z } from "zod";
import type { BundleVariable as BundleVariableSchema } from "@/lib/engine/contracts/bundle";

// A phrases variable's names live in their own jsonb column (response_variable_definitions.phrases,
// null for other types). One place converts, so import, the editor's save, export and the engine agree.

type BundleVariable = z.output<typeof BundleVariableSchema>;

/** The column value of a bundle variable: its names, or null when it is not a phrases variable. */
export function phrasesColumnOf(variable: Pick<BundleVariable, "type" | "phrases">): string[] | null {
  return variable.type === "phrases" ? (variable.phrases ?? []) : null;
}

/** The bundle field of a stored variable: empty unless it is a phrases variable. */
export function phrasesFieldOf(phrases: string[] | null): Pick<BundleVariable, "phrases"> {
  return phrases ? { phrases } : {};
}

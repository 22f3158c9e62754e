import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { parseToolOutputPath, resolveToolOutputPath } from "@/lib/engine/contracts/tool-output-path";

// The pure halves of the editor's "Try it": the typed text inputs become the tool input the engine
// would pass (stage 6 reads them typed from the session), and the result goes through the output
// paths exactly as run-tools.ts maps it to session variables.

export interface TypedToolInput {
  input: Record<string, unknown>;
  /** Input name → why its text does not fit the declared type. */
  errors: Record<string, string>;
  /** Required inputs left blank: the engine skips the tool then ("skipped: needs …"). */
  missing: string[];
}

/** Texts typed per input → values of the declared types; blank means "no value", as in a turn. */
export function typeToolInputs(tool: BundleTool, texts: Readonly<Record<string, string>>): TypedToolInput {
  const input: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [name, property] of Object.entries(tool.input_schema.properties)) {
    const text = Object.hasOwn(texts, name) ? (texts[name] ?? "") : "";
    if (text.trim() === "") continue;
    const trimmed = text.trim();
    if (property.type === "string") input[name] = text;
    else if (property.type === "boolean") {
      if (trimmed === "true" || trimmed === "false") input[name] = trimmed === "true";
      else errors[name] = "Enter true or false";
    } else if (property.type === "integer") {
      if (/^-?\d+$/.test(trimmed)) input[name] = Number(trimmed);
      else errors[name] = "Enter a whole number";
    } else {
      const value = Number(trimmed);
      if (Number.isFinite(value) && /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) input[name] = value;
      else errors[name] = "Enter a number, e.g. 42 or 19.99";
    }
  }
  const missing = tool.input_schema.required.filter((name) => !(name in input) && !(name in errors));
  return { input, errors, missing };
}

export interface ExtractedVariable {
  name: string;
  path: string;
  found: boolean;
  /** null when not found (JSON has no undefined). */
  value: unknown;
}

/** Each output variable's value in `output`, found or not, in the tool's order. */
export function extractToolVariables(
  tool: BundleTool,
  output: unknown,
  input: Readonly<Record<string, unknown>>,
): ExtractedVariable[] {
  return Object.entries(tool.output.variables).map(([name, path]) => {
    const steps = parseToolOutputPath(path);
    const value = steps ? resolveToolOutputPath(output, steps, input) : undefined;
    return { name, path, found: value !== undefined, value: value === undefined ? null : value };
  });
}

import { variableNameOf } from "./openapi-names";
import type { DocumentOperation } from "./openapi-operations";
import { isRecord, resolvedRecord } from "./openapi-refs";
import { objectShape } from "./openapi-schemas";

// An operation's output variables: the top-level properties of its first 2xx JSON response (200,
// 201, … then 2XX, then default), each a variable of the same (snake_case) name reading that property.

// Paths (tool-output-path.ts) address a property by a name of letters, digits and '_'.
const ADDRESSABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The default picks at most 10: a tool's output variables are what rules and replies work with, not a mirror. */
const DEFAULT_OUTPUTS = 10;

export interface ResponseOutputs {
  /** Response property names an output may read, in the schema's order. */
  available: string[];
  variables: Record<string, string>;
  notes: string[];
}

function successResponse(
  doc: unknown,
  op: DocumentOperation,
): { response: Record<string, unknown>; at: string } | null {
  const responses = isRecord(op.operation.responses) ? op.operation.responses : {};
  const codes = Object.keys(responses);
  const code =
    codes.filter((c) => /^2\d\d$/.test(c)).sort()[0] ?? codes.find((c) => c.toUpperCase() === "2XX") ?? undefined;
  if (code === undefined) return null;
  const at = `${op.at}.responses.${code}`;
  const response = resolvedRecord(doc, responses[code], at);
  return response ? { response, at } : null;
}

/**
 * The variables: `chosen` names response properties (422 at `outputsAt` for one the response lacks);
 * absent, the first 10 properties whose variable name is not `taken` (profile fields and response
 * variables may not be filled by a tool).
 */
export function operationOutputs(
  doc: unknown,
  op: DocumentOperation,
  chosen: readonly string[] | undefined,
  taken: ReadonlySet<string>,
): ResponseOutputs & { unknown: string[] } {
  const found = successResponse(doc, op);
  const content = found && isRecord(found.response.content) ? found.response.content : {};
  const type = Object.keys(content).find((name) => /^application\/([\w.-]+\+)?json\b/i.test(name));
  const media = type ? content[type] : undefined;
  const shape = found && isRecord(media) ? objectShape(doc, media.schema, `${found.at}.content.${type}.schema`) : null;
  const available = [...(shape?.properties.keys() ?? [])].filter((name) => ADDRESSABLE.test(name));
  const notes: string[] = [];
  if (!shape)
    notes.push(
      "The success response has no JSON object schema: no output variables (the reply still sees the result).",
    );
  const picks = chosen ?? available.filter((name) => !taken.has(variableNameOf(name))).slice(0, DEFAULT_OUTPUTS);
  if (!chosen) {
    const skipped = available.filter((name) => taken.has(variableNameOf(name)));
    if (skipped.length > 0)
      notes.push(
        `Not made output variables (a profile field or response variable has the name): ${skipped.join(", ")}.`,
      );
  }
  const variables: Record<string, string> = {};
  for (const name of picks) if (available.includes(name)) variables[variableNameOf(name)] = name;
  return { available, variables, notes, unknown: picks.filter((name) => !available.includes(name)) };
}

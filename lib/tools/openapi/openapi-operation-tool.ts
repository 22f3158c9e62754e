import type { z } from "zod";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { operationInputs } from "./openapi-inputs";
import { variableNameOf } from "./openapi-names";
import type { DocumentOperation } from "./openapi-operations";
import { operationOutputs } from "./openapi-outputs";

// One operation as an http tool (docs/tools.md#import-from-openapi): the URL from the server and the
// path with its parameters as inputs, query/header/body templates, the output variables, the
// credential, and approval before any call that is not a GET.

export interface OperationToolOptions {
  key: string;
  serverUrl: string;
  credential: string | undefined;
  /** Response properties picked as output variables; absent: the default picks. */
  outputs: readonly string[] | undefined;
  /** Profile fields and response variables: names a tool's output may not take. */
  taken: ReadonlySet<string>;
}

/** A tool as written, before the bundle schema fills its defaults. */
type ToolDraft = z.input<typeof BundleTool>;

export interface OperationTool {
  tool: ToolDraft;
  outputsAvailable: string[];
  unknownOutputs: string[];
  notes: string[];
}

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;

export function operationTool(doc: unknown, op: DocumentOperation, options: OperationToolOptions): OperationTool {
  const inputs = operationInputs(doc, op);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const known = inputs.pathNames.get(name);
    if (known) return `{${known}}`;
    // A placeholder the operation does not declare as a parameter is still one the URL needs.
    const input = variableNameOf(name);
    inputs.properties[input] ??= { type: "string", description: "" };
    if (!inputs.required.includes(input)) inputs.required.push(input);
    return `{${input}}`;
  });
  const outputs = operationOutputs(doc, op, options.outputs, options.taken);
  const label = `${op.method} ${op.path}`;
  const name = (op.summary || op.operationId || label).slice(0, NAME_MAX);
  const description = (op.operation.description ?? op.summary ?? "").trim().slice(0, DESCRIPTION_MAX);
  const output = {
    url: `${options.serverUrl}${path}`,
    method: op.method,
    ...(options.credential ? { credential: options.credential } : {}),
    ...(Object.keys(inputs.query).length > 0 ? { query: inputs.query } : {}),
    ...(Object.keys(inputs.headers).length > 0 ? { headers: inputs.headers } : {}),
    ...(inputs.body !== undefined ? { body: inputs.body } : {}),
    variables: outputs.variables,
  };
  return {
    tool: {
      key: options.key,
      name,
      description,
      kind: "http",
      requires_approval: op.method !== "GET",
      input_schema: { type: "object", properties: inputs.properties, required: inputs.required },
      output,
    },
    outputsAvailable: outputs.available,
    unknownOutputs: outputs.unknown,
    notes: [...inputs.notes, ...outputs.notes],
  };
}

import { variableNameOf } from "./openapi-names";
import type { DocumentOperation } from "./openapi-operations";
import { isRecord, resolvedRecord } from "./openapi-refs";
import { objectShape, schemaType } from "./openapi-schemas";

// An operation's inputs: its path, query and header parameters and the top-level properties of its
// JSON request body, each a tool input named as a CEL identifier, with the templates that send them.

type InputType = "string" | "number" | "integer" | "boolean";

export interface OperationInputs {
  properties: Record<string, { type: InputType; description: string }>;
  required: string[];
  /** OpenAPI path parameter name → input name, for the URL template. */
  pathNames: Map<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, string> | undefined;
  notes: string[];
}

// OpenAPI 3.x §4.8.12: header parameters named Accept, Content-Type or Authorization are ignored; Focal
// also sets Host, Content-Length, Transfer-Encoding and Connection itself (bundle-tool.ts RESERVED_HEADERS).
const IGNORED_HEADERS = new Set([
  "accept",
  "content-type",
  "authorization",
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
]);
const DESCRIPTION_MAX = 500;

const scalar = (type: string): type is InputType => ["string", "number", "integer", "boolean"].includes(type);

/** Parameters of the operation over its path item's (same name and place: the operation's wins). */
function mergedParameters(doc: unknown, op: DocumentOperation): { param: Record<string, unknown>; at: string }[] {
  const byPlace = new Map<string, { param: Record<string, unknown>; at: string }>();
  const add = (list: unknown[], at: string) =>
    list.forEach((raw, i) => {
      const param = resolvedRecord(doc, raw, `${at}[${i}]`);
      if (param) byPlace.set(`${String(param.in)}:${String(param.name)}`, { param, at: `${at}[${i}]` });
    });
  add(op.pathParameters, `document.paths.${op.path}.parameters`);
  add(op.operation.parameters ?? [], `${op.at}.parameters`);
  return [...byPlace.values()];
}

function jsonMedia(content: unknown): { type: string; media: Record<string, unknown> } | null {
  if (!isRecord(content)) return null;
  const type = Object.keys(content).find((name) => /^application\/([\w.-]+\+)?json\b/i.test(name));
  const media = type ? content[type] : null;
  return type && isRecord(media) ? { type, media } : null;
}

export function operationInputs(doc: unknown, op: DocumentOperation): OperationInputs {
  const inputs: OperationInputs = {
    properties: {},
    required: [],
    pathNames: new Map(),
    query: {},
    headers: {},
    body: undefined,
    notes: [],
  };
  const claim = (wanted: string, prefix: string) => {
    const name = variableNameOf(wanted);
    return name in inputs.properties ? variableNameOf(`${prefix}_${wanted}`) : name;
  };
  const add = (name: string, type: string, description: unknown, required: boolean) => {
    inputs.properties[name] = {
      type: scalar(type) ? type : "string",
      description: typeof description === "string" ? description.slice(0, DESCRIPTION_MAX) : "",
    };
    if (required) inputs.required.push(name);
  };
  for (const { param, at } of mergedParameters(doc, op)) {
    const original = String(param.name);
    const place = String(param.in);
    if (place === "cookie" || (place === "header" && IGNORED_HEADERS.has(original.toLowerCase()))) {
      inputs.notes.push(`The ${place} parameter "${original}" is not sent (Focal sets it, or cannot send cookies).`);
      continue;
    }
    const name = claim(original, place);
    add(
      name,
      schemaType(doc, param.schema, `${at}.schema`),
      param.description,
      place === "path" || param.required === true,
    );
    if (place === "path") inputs.pathNames.set(original, name);
    else if (place === "query") inputs.query[original] = `{${name}}`;
    else inputs.headers[original] = `{${name}}`;
  }
  addBody(doc, op, inputs, claim, add);
  return inputs;
}

function addBody(
  doc: unknown,
  op: DocumentOperation,
  inputs: OperationInputs,
  claim: (wanted: string, prefix: string) => string,
  add: (name: string, type: string, description: unknown, required: boolean) => void,
) {
  const at = `${op.at}.requestBody`;
  const requestBody = resolvedRecord(doc, op.operation.requestBody, at);
  if (!requestBody) return;
  const json = jsonMedia(requestBody.content);
  if (!json) {
    const types = Object.keys(isRecord(requestBody.content) ? requestBody.content : {}).join(", ");
    inputs.notes.push(`The request body (${types || "no content"}) is not JSON: the tool sends its inputs as JSON.`);
    return;
  }
  const shape = objectShape(doc, json.media.schema, `${at}.content.${json.type}.schema`);
  if (!shape) {
    inputs.notes.push("The JSON request body is not an object: the tool sends its inputs as a JSON object.");
    return;
  }
  inputs.body = {};
  for (const [property, { schema, at: where }] of shape.properties) {
    const type = schemaType(doc, schema, where);
    if (!scalar(type)) {
      inputs.notes.push(`The body property "${property}" is ${type === "array" ? "an array" : "an object"}: not sent.`);
      continue;
    }
    const name = claim(property, "body");
    const description = resolvedRecord(doc, schema, where)?.description;
    add(name, type, description, shape.required.has(property) && requestBody.required !== false);
    inputs.body[property] = `{${name}}`;
  }
}

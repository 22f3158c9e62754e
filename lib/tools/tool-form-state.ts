import { BundleTool, type HTTP_TOOL_METHODS } from "@/lib/engine/contracts/bundle";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import { formatJsonError, parseJsonText } from "./json-text";
import { checkOutputPath } from "./output-path-check";

// The tool editor's form: what the inputs hold (numbers as typed text, the static data as JSON text,
// the input schema and the output variables as ordered rows), and the conversion to the BundleTool
// the actions take. Both kinds' fields are kept while the designer switches kind, so switching back
// loses nothing; only the chosen kind's fields are sent.

export type InputType = BundleTool["input_schema"]["properties"][string]["type"];
export const INPUT_TYPES: readonly InputType[] = ["string", "number", "integer", "boolean"];

export interface InputRow {
  /** React key only; never sent. */
  id: number;
  name: string;
  type: InputType;
  description: string;
  required: boolean;
}

export interface VariableRow {
  id: number;
  name: string;
  path: string;
}

export interface ToolFormState {
  key: string;
  name: string;
  description: string;
  kind: BundleTool["kind"];
  /** The turn pauses before calling it until an operator approves (docs/approvals.md). */
  requiresApproval: boolean;
  inputs: InputRow[];
  variables: VariableRow[];
  /** static: the data as JSON text. */
  data: string;
  /** http */
  url: string;
  method: HttpMethod;
  /** The credential's name; "" sends none. */
  credential: string;
  /** Query parameters, one "name=template" a line. */
  query: string;
  /** Headers, one "Name: template" a line. */
  headers: string;
  /** The JSON body template as text; "" sends the input (POST, PUT, PATCH) or nothing. */
  body: string;
  timeout_ms: string;
  max_bytes: string;
  /** mcp: what the sync wrote (server, its URL and credential, the remote tool); read-only in the editor. */
  mcp: McpToolSource | null;
}

/** The part of an mcp tool's output a sync owns: the designer sets approval and output variables only. */
type McpToolSource = Pick<McpToolOutput, "server" | "url" | "tool" | "credential">;
type McpToolOutput = Extract<BundleTool, { kind: "mcp" }>["output"];

type HttpMethod = (typeof HTTP_TOOL_METHODS)[number];

/** Form errors by form key: "name", "data", "url", "input.0.name", "variable.2.path", "variable.2" (the row), "(root)". */
export type ToolFormErrors = Record<string, string[]>;

// The BundleHttpTool defaults: 5 s and 64 KiB.
const DEFAULT_TIMEOUT_MS = "5000";
const DEFAULT_MAX_BYTES = "65536";

let lastRowId = 0;
/** A fresh row id: rows are keyed by it while their names are being typed. */
function nextRowId(): number {
  lastRowId += 1;
  return lastRowId;
}

export function newInputRow(): InputRow {
  return { id: nextRowId(), name: "", type: "string", description: "", required: false };
}

export function newVariableRow(): VariableRow {
  return { id: nextRowId(), name: "", path: "" };
}

export function newToolForm(): ToolFormState {
  return {
    key: "",
    name: "",
    description: "",
    kind: "static",
    requiresApproval: false,
    inputs: [],
    variables: [],
    data: "{}",
    url: "",
    method: "GET",
    credential: "",
    query: "",
    headers: "",
    body: "",
    timeout_ms: DEFAULT_TIMEOUT_MS,
    max_bytes: DEFAULT_MAX_BYTES,
    mcp: null,
  };
}

export function formFromTool(tool: BundleTool): ToolFormState {
  const required = new Set(tool.input_schema.required);
  const base = {
    ...newToolForm(),
    key: tool.key,
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    requiresApproval: tool.requires_approval ?? false,
    inputs: Object.entries(tool.input_schema.properties).map(([name, property]) => ({
      id: nextRowId(),
      name,
      type: property.type,
      description: property.description,
      required: required.has(name),
    })),
    variables: Object.entries(tool.output.variables).map(([name, path]) => ({ id: nextRowId(), name, path })),
  };
  if (tool.kind === "static") return { ...base, data: JSON.stringify(tool.output.data, null, 2) };
  if (tool.kind === "mcp") {
    const { server, url, tool: remote, credential } = tool.output;
    return {
      ...base,
      mcp: { server, url, tool: remote, ...(credential ? { credential } : {}) },
      timeout_ms: String(tool.output.timeout_ms),
      max_bytes: String(tool.output.max_bytes),
    };
  }
  return {
    ...base,
    url: tool.output.url,
    method: tool.output.method,
    credential: tool.output.credential ?? "",
    query: Object.entries(tool.output.query ?? {})
      .map(([name, value]) => `${name}=${value}`)
      .join("\n"),
    headers: Object.entries(tool.output.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join("\n"),
    body: tool.output.body === undefined ? "" : JSON.stringify(tool.output.body, null, 2),
    timeout_ms: String(tool.output.timeout_ms),
    max_bytes: String(tool.output.max_bytes),
  };
}

/** The tool's input names in row order, blank rows left out: what output paths and the URL may refer to. */
export function inputNamesOf(form: Pick<ToolFormState, "inputs">): string[] {
  return form.inputs.map((row) => row.name).filter((name) => name !== "");
}

/**
 * Which form key an issue at a bundle-tool path belongs to ("output.variables.order_total" → the row
 * that declares order_total). Used for the schema's issues here and for the server's on a save.
 */
function formKeyOfIssuePath(path: string, form: Pick<ToolFormState, "inputs" | "variables">): string {
  if (/^(key|name|description|kind)$/.test(path)) return path;
  const output = /^output\.(url|method|credential|query|headers|body|timeout_ms|max_bytes|data)(?=$|[.[])/.exec(path);
  if (output?.[1]) return output[1];
  const variable = /^output\.variables\.([^.[]+)/.exec(path);
  if (variable) {
    const index = form.variables.findIndex((row) => row.name === variable[1]);
    return index >= 0 ? `variable.${index}` : "variables";
  }
  const property = /^input_schema\.properties\.([^.[]+)/.exec(path);
  if (property) {
    const index = form.inputs.findIndex((row) => row.name === property[1]);
    return index >= 0 ? `input.${index}` : "inputs";
  }
  const required = /^input_schema\.required\[(\d+)\]/.exec(path);
  if (required) {
    const name = form.inputs.filter((row) => row.required)[Number(required[1])]?.name;
    const index = form.inputs.findIndex((row) => row.name === name);
    return index >= 0 ? `input.${index}` : "inputs";
  }
  return "(root)";
}

/** Server field errors (keyed by bundle-tool path) as form errors. */
export function formErrorsOf(fieldErrors: Record<string, string[]>, form: ToolFormState): ToolFormErrors {
  const errors: ToolFormErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = formKeyOfIssuePath(path, form);
    errors[key] = [...(errors[key] ?? []), ...messages];
  }
  return errors;
}

/** Which field of a row a schema issue is about: a bad record key is the row's name. */
function rowFieldOf(code: string, path: readonly PropertyKey[], rowKey: string): string {
  if (code === "invalid_key") return "name";
  const last = String(path.at(-1));
  if (rowKey.startsWith("input")) return last === "type" || last === "description" ? last : "name";
  return "path";
}

/** "name=value" or "Name: value" lines as a record; a line without the separator is reported under `key`. */
function linesToRecord(
  text: string,
  separator: "=" | ":",
  key: string,
  add: (key: string, message: string) => void,
): Record<string, string> | undefined {
  const record: Record<string, string> = {};
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const cut = line.indexOf(separator);
    if (cut <= 0) {
      add(key, `Line ${i + 1}: write ${separator === "=" ? "name=value" : "Name: value"}`);
      return;
    }
    record[line.slice(0, cut).trim()] = line.slice(cut + 1).trim();
  });
  return Object.keys(record).length > 0 ? record : undefined;
}

/** The http tool's credential, query, headers and body from the form's text boxes. */
function httpParts(form: ToolFormState, add: (key: string, message: string) => void): Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  if (form.credential !== "") parts.credential = form.credential;
  const query = linesToRecord(form.query, "=", "query", add);
  if (query) parts.query = query;
  const headers = linesToRecord(form.headers, ":", "headers", add);
  if (headers) parts.headers = headers;
  if (form.body.trim() !== "") {
    const parsed = parseJsonText(form.body);
    if (parsed.ok) parts.body = parsed.value;
    else add("body", formatJsonError(parsed));
  }
  return parts;
}

function outputOf(
  form: ToolFormState,
  parts: {
    data: unknown;
    http: Record<string, unknown>;
    timeout: number | null;
    maxBytes: number | null;
    variables: Record<string, string>;
  },
): Record<string, unknown> {
  const { data, http, timeout, maxBytes, variables } = parts;
  if (form.kind === "static") return { data, variables };
  if (form.kind === "mcp") return { ...form.mcp, timeout_ms: timeout, max_bytes: maxBytes, variables };
  return { url: form.url.trim(), method: form.method, ...http, timeout_ms: timeout, max_bytes: maxBytes, variables };
}

export type ToolFromForm = { ok: true; tool: BundleTool } | { ok: false; errors: ToolFormErrors };

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The form as a BundleTool, checked as the save will check it: the shared schema (names, limits, URL),
 * the JSON data, duplicate row names, every output path against the grammar and the inputs, and
 * output variable names against the agent's profile fields and response variables (`taken`: name →
 * "profile field" or "response variable"). The server re-checks all of it against the whole agent.
 */
export function toolFromForm(form: ToolFormState, taken: Readonly<Record<string, string>> = {}): ToolFromForm {
  const errors: ToolFormErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };

  const seenInputs = new Set<string>();
  form.inputs.forEach((row, i) => {
    if (row.name === "") add(`input.${i}.name`, "Name the input, or remove the row");
    else if (seenInputs.has(row.name)) add(`input.${i}.name`, `Another input is already named ${row.name}`);
    seenInputs.add(row.name);
  });
  const inputNames = inputNamesOf(form);
  const seenVariables = new Set<string>();
  form.variables.forEach((row, i) => {
    if (row.name === "") add(`variable.${i}.name`, "Name the variable, or remove the row");
    else if (seenVariables.has(row.name))
      add(`variable.${i}.name`, `Another output variable is already named ${row.name}`);
    else if (Object.hasOwn(taken, row.name)) {
      add(`variable.${i}.name`, `${row.name} is already a ${taken[row.name]} of this agent; use another name`);
    }
    seenVariables.add(row.name);
    const path = checkOutputPath(row.path, inputNames);
    if (!path.ok) add(`variable.${i}.path`, path.message);
  });

  let data: unknown = {};
  if (form.kind === "static") {
    const parsed = parseJsonText(form.data);
    if (parsed.ok) data = parsed.value;
    else add("data", formatJsonError(parsed));
  }
  const timeout = wholeNumber(form.timeout_ms);
  const maxBytes = wholeNumber(form.max_bytes);
  if (form.kind === "http" || form.kind === "mcp") {
    if (timeout === null) add("timeout_ms", "Enter a whole number of milliseconds.");
    if (maxBytes === null) add("max_bytes", "Enter a whole number of bytes.");
  }
  if (form.kind === "http") {
    if (form.url.trim() === "") add("url", "Enter the URL to call, e.g. https://api.example.com/orders/{order_id}");
  }

  const http = form.kind === "http" ? httpParts(form, add) : {};
  const variables = Object.fromEntries(form.variables.map((row) => [row.name, row.path]));
  const raw = {
    key: form.key.trim(),
    name: form.name,
    description: form.description,
    kind: form.kind,
    ...(form.requiresApproval ? { requires_approval: true } : {}),
    input_schema: {
      type: "object",
      properties: Object.fromEntries(
        form.inputs.map((row) => [row.name, { type: row.type, description: row.description }]),
      ),
      required: form.inputs.filter((row) => row.required).map((row) => row.name),
    },
    output: outputOf(form, { data, http, timeout, maxBytes, variables }),
  };
  const parsed = BundleTool.safeParse(raw);
  if (!parsed.success) {
    // The checks above speak more plainly; a key they already flagged keeps only their message.
    const flagged = new Set(Object.keys(errors));
    for (const issue of parsed.error.issues) {
      let key = formKeyOfIssuePath(formatIssuePath(issue.path), form);
      if (/^(input|variable)\.\d+$/.test(key)) key = `${key}.${rowFieldOf(issue.code, issue.path, key)}`;
      if (flagged.has(key)) continue;
      if (issue.code === "invalid_key") for (const inner of issue.issues) add(key, inner.message);
      else add(key, issue.message);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, tool: parsed.data };
}

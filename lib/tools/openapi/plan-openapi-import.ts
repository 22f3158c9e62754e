import { BundleTool } from "@/lib/engine/contracts/bundle";
import { checkedOpenApiDocument, type OpenApiDocument } from "./openapi-document-schema";
import type {
  ImportCredentialBody,
  ImportedToolBody,
  ImportOpenApiBody,
  OpenApiOperationBody,
} from "./openapi-import-schemas";
import { documentPath, OpenApiImportError, type OpenApiIssue } from "./openapi-issue";
import { credentialNameOf, toolKeyOf } from "./openapi-names";
import { operationTool } from "./openapi-operation-tool";
import { type DocumentOperation, documentOperations, findOperation, operationLabel } from "./openapi-operations";
import { operationSecurity } from "./openapi-security";
import { serverUrlOf } from "./openapi-server-url";
import { readOpenApiSource } from "./openapi-source";
import { checkDocumentTree } from "./openapi-tree-check";

// An OpenAPI import planned without the database (docs/tools.md#import-from-openapi): the document
// read and checked, the picked operations as tools, every refusal with its path. The server adds what
// only it knows (the agent's tools, names and credentials, passed in `agent`) and writes the result.

export interface ImportAgent {
  toolKeys: ReadonlySet<string>;
  /** Profile fields and response variables. */
  takenNames: ReadonlySet<string>;
  credentialNames: ReadonlySet<string>;
}

export interface OpenApiImportPlan {
  title: string;
  operations: OpenApiOperationBody[];
  tools: ImportedToolBody[];
  credentials: ImportCredentialBody[];
}

/** The document, read and checked: refused with each problem's place. */
function readOpenApiDocument(source: ImportOpenApiBody["document"]): OpenApiDocument {
  const value = readOpenApiSource(source);
  checkDocumentTree(value);
  return checkedOpenApiDocument(value);
}

function summaries(doc: OpenApiDocument, operations: DocumentOperation[]): OpenApiOperationBody[] {
  return operations.map((op) => ({
    operation: operationLabel(op),
    operation_id: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    tool_key: toolKeyOf(op.operationId ?? undefined, op.method, op.path),
    security: operationSecurity(doc, op.operation),
  }));
}

/** The operations the request names, in its order; unknown and repeated names are issues. */
function pickedOperations(body: ImportOpenApiBody, all: DocumentOperation[], issues: OpenApiIssue[]) {
  const picked: { op: DocumentOperation; name: string; index: number }[] = [];
  body.operations.forEach((name, index) => {
    const op = findOperation(all, name);
    const path = `operations[${index}]`;
    if (!op) {
      const known = all.slice(0, 10).map((o) => o.operationId ?? operationLabel(o));
      issues.push({
        path,
        message: `The document has no operation "${name}"; name one by operationId or "METHOD /path" (${known.join(", ")}${all.length > 10 ? ", …" : ""}).`,
      });
    } else if (picked.some((p) => p.op === op)) issues.push({ path, message: `"${name}" is picked twice.` });
    else picked.push({ op, name, index });
  });
  return picked;
}

/** The credential each operation's tool names, with the issues a scheme without a kind raises. */
function credentialOf(
  doc: OpenApiDocument,
  op: DocumentOperation,
  body: ImportOpenApiBody,
  issues: OpenApiIssue[],
): ImportCredentialBody | null {
  const security = operationSecurity(doc, op.operation);
  if (!security) return null;
  if (security.kind === null && body.credential === undefined) {
    issues.push({
      path: `document.components.securitySchemes.${security.scheme}`,
      message: `The scheme "${security.scheme}" (${security.described}) has no credential kind in Focal: name a credential that sends what the API expects in "credential".`,
    });
  }
  return { name: body.credential ?? credentialNameOf(security.scheme), ...security };
}

/** The import planned; throws OpenApiImportError with every issue when there is any (nothing is written then). */
export function planOpenApiImport(body: ImportOpenApiBody, agent: ImportAgent): OpenApiImportPlan {
  const doc = readOpenApiDocument(body.document);
  const all = documentOperations(doc);
  const issues: OpenApiIssue[] = [];
  if (body.operations.length === 0 && !body.dry_run) {
    issues.push({ path: "operations", message: "Pick at least one operation to import." });
  }
  const picked = pickedOperations(body, all, issues);
  const serverUrl = picked.length > 0 ? serverUrlOf(doc, body.base_url) : "";
  const tools: ImportedToolBody[] = [];
  const credentials = new Map<string, ImportCredentialBody>();
  const keys = new Map<string, number>();
  for (const { op, name, index } of picked) {
    const credential = credentialOf(doc, op, body, issues);
    if (credential) credentials.set(credential.name, credential);
    const key = toolKeyOf(op.operationId ?? undefined, op.method, op.path);
    const at = `operations[${index}]`;
    if (agent.toolKeys.has(key)) {
      issues.push({
        path: at,
        message: `The tool key "${key}" is taken by an existing tool: rename or delete that tool first.`,
      });
    } else if (keys.has(key)) {
      issues.push({ path: at, message: `The tool key "${key}" is also made from operations[${keys.get(key)}].` });
    }
    keys.set(key, index);
    const options = {
      key,
      serverUrl,
      credential: credential?.name,
      outputs: body.outputs?.[name],
      taken: agent.takenNames,
    };
    const made = operationTool(doc, op, options);
    for (const output of made.unknownOutputs) {
      issues.push({
        path: `outputs.${name}`,
        message: `The response of ${operationLabel(op)} has no property "${output}" (${made.outputsAvailable.join(", ") || "none"}).`,
      });
    }
    const parsed = BundleTool.safeParse(made.tool);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({ path: documentPath(issue.path, at), message: issue.message });
      continue;
    }
    tools.push({
      operation: operationLabel(op),
      tool: parsed.data,
      outputs_available: made.outputsAvailable,
      notes: made.notes,
    });
  }
  for (const credential of credentials.values()) {
    if (!agent.credentialNames.has(credential.name)) issues.push(missingCredential(credential, body));
  }
  const [first] = issues;
  if (first) throw new OpenApiImportError(`Nothing was imported: ${first.path}: ${first.message}`, issues);
  return { title: doc.info.title, operations: summaries(doc, all), tools, credentials: [...credentials.values()] };
}

function missingCredential(credential: ImportCredentialBody, body: ImportOpenApiBody): OpenApiIssue {
  const kind = credential.kind ? ` as a ${credential.kind} credential` : "";
  const asked = body.credential !== undefined;
  return {
    path: "credential",
    message: `The tools need the credential "${credential.name}" (${asked ? "named in the request" : `for the document's scheme "${credential.scheme}", ${credential.described}`}), which is not set for this agent: add it under Settings → Credentials${kind}, or pick an existing credential, then import again.`,
  };
}

import { HTTP_TOOL_METHODS } from "@/lib/engine/contracts/bundle";
import { OPERATION_METHODS, type OpenApiDocument, type OpenApiOperation } from "./openapi-document-schema";
import { resolvedRecord } from "./openapi-refs";

// The document's operations an http tool can make (GET, POST, PUT, PATCH, DELETE), in document order,
// each findable by its operationId or by "METHOD /path".

export interface DocumentOperation {
  method: (typeof HTTP_TOOL_METHODS)[number];
  path: string;
  operationId: string | null;
  summary: string;
  /** Where it sits: `document.paths./pets.get`. */
  at: string;
  operation: OpenApiOperation;
  /** The path item's own parameters, shared by its operations. */
  pathParameters: unknown[];
}

const TOOL_METHODS = new Set<string>(HTTP_TOOL_METHODS);

export function documentOperations(doc: OpenApiDocument): DocumentOperation[] {
  const operations: DocumentOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = resolvedRecord(doc, rawItem, `document.paths.${path}`) ?? {};
    const pathParameters = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of OPERATION_METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      const upper = method.toUpperCase();
      if (!operation || !TOOL_METHODS.has(upper)) continue;
      operations.push({
        method: upper as DocumentOperation["method"],
        path,
        operationId: operation.operationId ?? null,
        summary: (operation.summary ?? "").trim(),
        at: `document.paths.${path}.${method}`,
        operation,
        pathParameters,
      });
    }
  }
  return operations;
}

/** `"METHOD /path"` of an operation: how a request names one without an operationId. */
export const operationLabel = (op: Pick<DocumentOperation, "method" | "path">) => `${op.method} ${op.path}`;

/** The operation a request names: its operationId, or "METHOD /path" (method in any case). */
export function findOperation(operations: readonly DocumentOperation[], name: string): DocumentOperation | undefined {
  const trimmed = name.trim();
  const byId = operations.find((op) => op.operationId === trimmed);
  if (byId) return byId;
  const match = /^([A-Za-z]+)\s+(\/\S*)$/.exec(trimmed);
  if (!match) return undefined;
  const [, method = "", path = ""] = match;
  return operations.find((op) => op.method === method.toUpperCase() && op.path === path);
}

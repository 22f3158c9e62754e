// A problem with an OpenAPI import, at a path the designer can find: `document.paths./pets.get.responses`
// inside the document, `operations[1]` or `credential` in the request. The server answers them as 422
// field errors; nothing is written when there is one.

export interface OpenApiIssue {
  path: string;
  message: string;
}

export class OpenApiImportError extends Error {
  readonly issues: OpenApiIssue[];
  constructor(message: string, issues: OpenApiIssue[]) {
    super(message);
    this.name = "OpenApiImportError";
    this.issues = issues;
  }
}

/** Throws one issue as an import error whose message is the issue's. */
export function refuse(path: string, message: string): never {
  throw new OpenApiImportError(message, [{ path, message }]);
}

/** `document` + JSON path segments: `["paths", "/pets", "get"]` → `document.paths./pets.get`; indexes as `[0]`. */
export function documentPath(segments: readonly PropertyKey[], root = "document"): string {
  let path = root;
  for (const segment of segments) path += typeof segment === "number" ? `[${segment}]` : `.${String(segment)}`;
  return path;
}

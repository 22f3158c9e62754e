import { type ApiAnswer, jsonBody, requestJson } from "@/lib/console-api/request-json";
import type { ImportOpenApiBody, ImportOpenApiResult } from "./openapi-import-schemas";

// The Tools page's "Import from OpenAPI" dialog calls the import route: dry runs to list the
// document's operations and preview the tools, then the import (docs/tools.md#import-from-openapi).

export function importOpenApi(agentKey: string, body: ImportOpenApiBody): Promise<ApiAnswer<ImportOpenApiResult>> {
  const path = `/api/v1/agents/${encodeURIComponent(agentKey)}/tools/import-openapi`;
  return requestJson(path, body.dry_run ? "Reading the document" : "Importing the tools", jsonBody("POST", body));
}

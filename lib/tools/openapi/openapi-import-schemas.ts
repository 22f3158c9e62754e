import { z } from "zod";
import { CREDENTIAL_KINDS } from "@/lib/credentials/credential-schemas";
import { BundleTool, EntityKey } from "@/lib/engine/contracts/bundle";

// POST /api/v1/agents/{key}/tools/import-openapi (docs/tools.md#import-from-openapi): the request, and
// what it answers with — the tools it made (or would make, `dry_run`) and the document's operations.

export const ImportOpenApiBody = z.strictObject({
  document: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .describe("The OpenAPI 3.x document: JSON or YAML text, or the JSON object itself; at most 5 MB"),
  operations: z
    .array(z.string().min(1).max(2100))
    .max(100)
    .describe('The operations to import: operationIds or "METHOD /path"; empty with dry_run lists them'),
  credential: EntityKey.optional().describe(
    "An existing credential of the agent for the document's security scheme; absent: the credential named after the scheme",
  ),
  base_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .describe("The server URL when servers[0].url is missing, relative or templated; it wins over the document's"),
  outputs: z
    .record(z.string().max(2100), z.array(z.string().min(1).max(200)).max(50))
    .optional()
    .describe("Per operation (as named in `operations`): the response properties that become output variables"),
  dry_run: z
    .boolean()
    .optional()
    .describe("true: check everything and answer what would be created; nothing is written"),
});
export type ImportOpenApiBody = z.infer<typeof ImportOpenApiBody>;

const SecurityBody = z.object({
  scheme: z.string().describe("The scheme's name under components.securitySchemes"),
  kind: z.enum(CREDENTIAL_KINDS).nullable().describe("The credential kind that sends it; null: none does"),
  described: z.string(),
});

export const OpenApiOperationBody = z.object({
  operation: z.string().describe('"METHOD /path"'),
  operation_id: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  tool_key: z.string().describe("The key its tool gets"),
  security: SecurityBody.nullable(),
});
export type OpenApiOperationBody = z.infer<typeof OpenApiOperationBody>;

export const ImportedToolBody = z.object({
  operation: z.string().describe('"METHOD /path" of the operation it was made from'),
  tool: BundleTool,
  outputs_available: z.array(z.string()).describe("Response properties an output variable may read"),
  notes: z.array(z.string()).describe("What of the operation the tool does not carry, and why"),
});
export type ImportedToolBody = z.infer<typeof ImportedToolBody>;

export const ImportCredentialBody = z.object({
  name: z.string(),
  scheme: z.string(),
  kind: z.enum(CREDENTIAL_KINDS).nullable(),
  described: z.string(),
});
export type ImportCredentialBody = z.infer<typeof ImportCredentialBody>;

export const ImportOpenApiResult = z.object({
  dry_run: z.boolean(),
  config_version: z.number().int().describe("The agent's config_version after the import (dry run: now)"),
  title: z.string().describe("The document's info.title"),
  operations: z.array(OpenApiOperationBody).describe("Every operation of the document an http tool can make"),
  tools: z.array(ImportedToolBody),
  credentials: z.array(ImportCredentialBody).describe("The credentials the tools name, each set for the agent"),
});
export type ImportOpenApiResult = z.infer<typeof ImportOpenApiResult>;

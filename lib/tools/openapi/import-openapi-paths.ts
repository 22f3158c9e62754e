import { agentKeyParam, jsonContent, operationBuilder } from "@/lib/openapi/openapi-helpers";
import { ImportOpenApiBody, ImportOpenApiResult } from "./openapi-import-schemas";

// The OpenAPI path object of the OpenAPI import (docs/tools.md#import-from-openapi).

const operation = operationBuilder({
  400: "Malformed JSON, or an If-Match that names no config_version",
  404: "No such agent",
  409: "TESTS_GATE: the agent's test gate (block) refused the change",
  412: "PRECONDITION_FAILED: If-Match names a config_version the agent has moved on from; nothing was written",
  413: "Body over 8 MiB",
  422: "Nothing was written; every problem's path and reason in `errors`: the document (not OpenAPI 3.x at `document.…`, over 5 MB, an external or circular $ref, a relative or templated server without `base_url`), `operations[i]` (unknown, picked twice, its tool key taken, a tool check), `credential` (not set for the agent), `outputs.<operation>`",
});

export const importOpenApiPaths = {
  "/api/v1/agents/{key}/tools/import-openapi": {
    post: operation("config:write", {
      summary: "Make http tools from the picked operations of an OpenAPI 3.x document, as one config change",
      description:
        "Each operation becomes an http tool: inputs from its path, query and header parameters and its JSON body's properties, output variables from its 2xx JSON response's properties, its security scheme as a credential of the agent, `requires_approval` for any method but GET. `dry_run: true` answers 200 with what would be made (and every operation of the document) and writes nothing.",
      parameters: [
        agentKeyParam,
        {
          name: "If-Match",
          in: "header",
          required: false,
          schema: { type: "string" },
          description: 'The config_version the import expects ("7"); without it, the current one.',
        },
      ],
      body: ImportOpenApiBody,
      ok: { status: 201, description: "Imported: the tools and the new config_version", schema: ImportOpenApiResult },
      responses: {
        200: {
          description: "dry_run: what would be imported; nothing written",
          content: jsonContent(ImportOpenApiResult, "output"),
        },
      },
      also: [409, 412],
    }),
  },
};

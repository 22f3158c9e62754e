import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { ConfigAgentParams } from "@/lib/config-as-code/config-kinds";
import { etagHeader, restChangeRequest } from "@/lib/config-as-code/server/config-entity-routes";
import { defineRoute } from "@/lib/server/define-route";
import { ImportOpenApiBody, ImportOpenApiResult } from "@/lib/tools/openapi/openapi-import-schemas";
import { importOpenApiTools } from "@/lib/tools/server/import-openapi-tools";

// POST /api/v1/agents/{key}/tools/import-openapi {document, operations, credential?, base_url?, outputs?,
// dry_run?} → 201 the tools made from the picked operations and the new config_version (one config
// change for all of them); dry_run → 200 what would be made, nothing written (docs/tools.md#import-from-openapi).
export const POST = defineRoute(
  {
    scope: "config:write",
    params: ConfigAgentParams,
    body: ImportOpenApiBody,
    bodyKind: "document",
    response: { 200: ImportOpenApiResult, 201: ImportOpenApiResult },
  },
  async ({ db, params, body, reply, ...ctx }) => {
    const result = await importOpenApiTools(db, restChangeRequest(ctx, params.key, SAVE_POLICIES), body);
    const headers = etagHeader(result.config_version);
    return result.dry_run ? reply(200, result, headers) : reply(201, result, headers);
  },
);

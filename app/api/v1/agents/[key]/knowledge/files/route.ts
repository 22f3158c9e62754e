import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { etagHeader, restChangeRequest } from "@/lib/config-as-code/server/config-entity-routes";
import { KnowledgeFileUpload, KnowledgeSourceWritten } from "@/lib/knowledge/knowledge-schemas";
import { createKnowledgeSourceFromUpload } from "@/lib/knowledge/server/knowledge-sources";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../../params";

// POST /api/v1/agents/{key}/knowledge/files, multipart/form-data {file, title, kind, scope?, scope_ref?, key?}
// → 201 the source as POST …/knowledge/sources answers it (docs/knowledge.md#uploaded-files). The body
// is counted while it streams in and refused past 20 MB on `file` (413), before anything is converted.
export const POST = defineRoute(
  {
    scope: "config:write",
    params: AgentKeyParams,
    body: KnowledgeFileUpload,
    bodyKind: "upload",
    response: { 201: KnowledgeSourceWritten },
  },
  async ({ db, params, body, reply, ...ctx }) => {
    const request = restChangeRequest(ctx, params.key, SAVE_POLICIES);
    const written = await createKnowledgeSourceFromUpload(db, request, body);
    return reply(201, written, etagHeader(written.config_version));
  },
);

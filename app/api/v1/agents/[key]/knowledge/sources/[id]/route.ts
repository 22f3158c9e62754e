import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { etagHeader, restChangeRequest } from "@/lib/config-as-code/server/config-entity-routes";
import {
  KnowledgeSourceDeleted,
  KnowledgeSourceDetail,
  KnowledgeSourceInput,
  KnowledgeSourceParams,
  KnowledgeSourceWritten,
} from "@/lib/knowledge/knowledge-schemas";
import {
  deleteKnowledgeSource,
  readKnowledgeSource,
  replaceKnowledgeSource,
} from "@/lib/knowledge/server/knowledge-sources";
import { defineRoute } from "@/lib/server/define-route";

// GET|PUT|DELETE /api/v1/agents/{key}/knowledge/sources/{id} (docs/knowledge.md): writes are config
// changes (a new version each; If-Match as for every configuration entity).
export const GET = defineRoute(
  { scope: "config:read", params: KnowledgeSourceParams, response: KnowledgeSourceDetail },
  async ({ db, params, reply }) => {
    const source = await readKnowledgeSource(db, params.key, params.id);
    return reply(200, source, etagHeader(source.config_version));
  },
);

export const PUT = defineRoute(
  {
    scope: "config:write",
    params: KnowledgeSourceParams,
    body: KnowledgeSourceInput,
    response: KnowledgeSourceWritten,
  },
  async ({ db, params, body, reply, ...ctx }) => {
    const request = restChangeRequest(ctx, params.key, SAVE_POLICIES);
    const written = await replaceKnowledgeSource(db, request, params.id, body);
    return reply(200, written, etagHeader(written.config_version));
  },
);

export const DELETE = defineRoute(
  { scope: "config:write", params: KnowledgeSourceParams, response: KnowledgeSourceDeleted },
  async ({ db, params, reply, ...ctx }) => {
    const deleted = await deleteKnowledgeSource(db, restChangeRequest(ctx, params.key, SAVE_POLICIES), params.id);
    return reply(200, deleted, etagHeader(deleted.config_version));
  },
);

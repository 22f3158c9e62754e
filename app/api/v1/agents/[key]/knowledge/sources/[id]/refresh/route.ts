import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { etagHeader, restChangeRequest } from "@/lib/config-as-code/server/config-entity-routes";
import { KnowledgeSourceParams, KnowledgeSourceRefreshed } from "@/lib/knowledge/knowledge-schemas";
import { refreshKnowledgeSource } from "@/lib/knowledge/server/refresh-knowledge-source";
import { defineRoute } from "@/lib/server/define-route";

// POST /api/v1/agents/{key}/knowledge/sources/{id}/refresh (docs/knowledge.md#refresh): a url source
// fetched again now. Changed text is a config change (a new version, If-Match as for every write);
// the same text writes nothing; a failed fetch answers 200 with refreshed: false and the reason in
// fetch.error, the passages kept.
export const POST = defineRoute(
  { scope: "config:write", params: KnowledgeSourceParams, response: KnowledgeSourceRefreshed },
  async ({ db, params, reply, ...ctx }) => {
    const request = restChangeRequest(ctx, params.key, SAVE_POLICIES);
    const refreshed = await refreshKnowledgeSource(db, request, params.id);
    return reply(200, refreshed, etagHeader(refreshed.config_version));
  },
);

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { etagHeader, restChangeRequest } from "@/lib/config-as-code/server/config-entity-routes";
import { KnowledgeSourceInput, KnowledgeSourceList, KnowledgeSourceWritten } from "@/lib/knowledge/knowledge-schemas";
import { createKnowledgeSource, listKnowledgeSources } from "@/lib/knowledge/server/knowledge-sources";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../../params";

// GET /api/v1/agents/{key}/knowledge/sources → {config_version, sources: [{id, title, kind, scope, scope_ref, passages}]}.
export const GET = defineRoute(
  { scope: "config:read", params: AgentKeyParams, response: KnowledgeSourceList },
  async ({ db, params, reply }) => {
    const list = await listKnowledgeSources(db, params.key);
    return reply(200, list, etagHeader(list.config_version));
  },
);

// POST {title, kind, content | entries, scope?, scope_ref?, key?} → 201 {id, title, kind, passages, config_version, …}:
// a config change like any other (a new version, CONFIG_CHANGED, the tests gate; docs/knowledge.md).
export const POST = defineRoute(
  {
    scope: "config:write",
    params: AgentKeyParams,
    body: KnowledgeSourceInput,
    response: { 201: KnowledgeSourceWritten },
  },
  async ({ db, params, body, reply, ...ctx }) => {
    const written = await createKnowledgeSource(db, restChangeRequest(ctx, params.key, SAVE_POLICIES), body);
    return reply(201, written, etagHeader(written.config_version));
  },
);

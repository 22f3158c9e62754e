import { KnowledgeFilePreviewForm } from "@/lib/knowledge/knowledge-schemas";
import { textOfUpload } from "@/lib/knowledge/server/knowledge-file-source";
import { ImpactPreviewSchema } from "@/lib/replay/replay-view-schemas";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../../../params";
import { previewResponse } from "../../../impact-preview/preview-response";

// POST /api/v1/agents/{key}/knowledge/files/impact-preview, multipart/form-data {file, title, kind,
// scope?, scope_ref?, key?, expected_config_version, sessions?, turns?} → the impact preview of adding
// that file as a source (docs/replay.md#impact-preview-libreplayserverpreview-impactts): a file over
// the 700 KB a JSON body carries (up to 20 MB) is converted as its save would convert it, then
// previewed as POST …/impact-preview previews a createKnowledgeSource with its text as `content`.
// Writes nothing; the same limits as every preview (429, run-limits.ts) and conversion (503).
export const POST = defineRoute(
  {
    scope: "agents:read",
    sessionRole: "designer",
    params: AgentKeyParams,
    body: KnowledgeFilePreviewForm,
    bodyKind: "upload",
    response: ImpactPreviewSchema,
  },
  async (context) => {
    const { db, params, body } = context;
    const agent = await requireAgent(db, params.key);
    const { file, expected_config_version, sessions, turns, ...fields } = body;
    return previewResponse(context, agent, async () => {
      const content = await textOfUpload({ kind: fields.kind, file });
      const input = { ...fields, agent_key: params.key, expected_config_version, content, entries: [] };
      return { kind: "createKnowledgeSource", input, window: { sessions, turns } };
    });
  },
);

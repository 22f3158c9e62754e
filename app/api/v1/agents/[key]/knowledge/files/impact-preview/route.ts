import { compareSuiteOnDraft } from "@/lib/conversation-tests/server/suite-comparison";
import { KnowledgeFilePreviewForm } from "@/lib/knowledge/knowledge-schemas";
import { textOfUpload } from "@/lib/knowledge/server/knowledge-file-source";
import { ImpactPreviewSchema } from "@/lib/replay/replay-view-schemas";
import { previewImpact } from "@/lib/replay/server/preview-impact";
import { ndjsonProgressResponse } from "@/lib/replay/server/progress-stream";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { takePreviewSlot } from "@/lib/server/background/run-limits";
import { defineRoute, passThrough } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../../../params";

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
  async ({ db, params, body, actor, requestId, request }) => {
    const agent = await requireAgent(db, params.key);
    const release = await takePreviewSlot(db, agent, actor);
    const { file, expected_config_version, sessions, turns, ...fields } = body;
    const run = async (onProgress?: (done: number, total: number) => void) => {
      try {
        const content = await textOfUpload({ kind: fields.kind, file });
        const input = { ...fields, agent_key: params.key, expected_config_version, content, entries: [] };
        return await previewImpact(
          db,
          { kind: "createKnowledgeSource", input, window: { sessions, turns } },
          { actor, requestId, signal: request.signal, onProgress, tests: compareSuiteOnDraft },
        );
      } finally {
        release();
      }
    };
    if (request.headers.get("accept")?.includes("application/x-ndjson")) {
      return passThrough(ndjsonProgressResponse(run, requestId));
    }
    return run();
  },
);

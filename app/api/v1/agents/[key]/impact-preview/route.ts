import { compareSuiteOnDraft } from "@/lib/conversation-tests/server/suite-comparison";
import { PreviewImpactInput } from "@/lib/replay/preview-schemas";
import { ImpactPreviewSchema } from "@/lib/replay/replay-view-schemas";
import { previewImpact } from "@/lib/replay/server/preview-impact";
import { ndjsonProgressResponse } from "@/lib/replay/server/progress-stream";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { takePreviewSlot } from "@/lib/server/background/run-limits";
import { defineRoute, passThrough } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/impact-preview {edit, input, window?} → what an editor's unsaved draft
// would have changed on the agent's recent conversations (frozen replay; writes nothing). With
// `Accept: application/x-ndjson` it streams `{type:"progress"}` lines, then `{type:"result"}`;
// closing the request cancels the replay. A draft Save would refuse gets Save's field errors (422); a
// caller or agent with too many replays, test runs and previews open gets 429 (run-limits.ts). The
// agent's conversation tests run on the draft beside the replay (the tests' suite comparison).
export const POST = defineRoute(
  {
    scope: "agents:read",
    sessionRole: "designer",
    params: AgentKeyParams,
    body: PreviewImpactInput,
    response: ImpactPreviewSchema,
  },
  async ({ db, params, body, actor, requestId, request }) => {
    const agent = await requireAgent(db, params.key);
    if (body.input.agent_key !== params.key) {
      throw new AppError("VALIDATION", "input.agent_key must be the agent in the path.", [
        { path: "input.agent_key", message: `must be "${params.key}"` },
      ]);
    }
    const release = await takePreviewSlot(db, agent, actor);
    const run = async (onProgress?: (done: number, total: number) => void) => {
      try {
        return await previewImpact(
          db,
          { kind: body.edit, input: body.input, window: body.window },
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

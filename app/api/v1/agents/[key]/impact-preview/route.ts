import { PreviewImpactInput } from "@/lib/replay/preview-schemas";
import { ImpactPreviewSchema } from "@/lib/replay/replay-view-schemas";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../params";
import { previewResponse } from "./preview-response";

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
  async (context) => {
    const { db, params, body } = context;
    const agent = await requireAgent(db, params.key);
    if (body.input.agent_key !== params.key) {
      throw new AppError("VALIDATION", "input.agent_key must be the agent in the path.", [
        { path: "input.agent_key", message: `must be "${params.key}"` },
      ]);
    }
    return previewResponse(context, agent, async () => ({ kind: body.edit, input: body.input, window: body.window }));
  },
);

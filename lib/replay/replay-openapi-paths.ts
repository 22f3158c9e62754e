import { PreviewImpactInput } from "@/lib/replay/preview-schemas";
import { ReplayRunBody } from "@/lib/replay/replay-schemas";
import { ImpactPreviewSchema, ReplayRunViewSchema } from "@/lib/replay/replay-view-schemas";
import { agentKeyParam, byIdOperation, operationBuilder } from "../openapi/openapi-helpers";

// OpenAPI path objects of the replay endpoints (docs/replay.md), spread into buildOpenApiDocument().

const operation = operationBuilder(
  {
    403: "The key lacks the scope (live replays need turns:write), or a signed-in viewer tried to start one",
    404: "No such agent, replay, kept configuration version, or session of this agent",
    422: "Validation failed: every path and reason in `errors` (a draft is checked as Save or import would)",
  },
  "input",
);

/** An operation on one replay by its id, answered with the replay. */
const onReplay = (summary: string) =>
  byIdOperation(operation, "agents:read", summary, { description: "The replay", schema: ReplayRunViewSchema });

export const replayPaths = {
  "/api/v1/agents/{key}/replays": {
    post: operation("agents:read", {
      summary: "Replay sessions under another configuration (frozen: no model call)",
      description:
        "Re-runs the agent's sessions (the given ids, or the most recent ones) under `config` (a whole bundle, dry-run imported), a kept `config_version`, or the current configuration. Frozen serves model and tool calls from each turn's tape and marks turns whose calls diverged; live calls the configured provider and needs the turns:write scope. Runs in the background: poll GET /api/v1/replays/{id}.",
      parameters: [agentKeyParam],
      body: ReplayRunBody,
      ok: { status: 202, description: "Started", schema: ReplayRunViewSchema },
    }),
  },
  "/api/v1/replays/{id}": {
    get: onReplay("A replay's status, progress and, when done, its decision diff"),
  },
  "/api/v1/replays/{id}/cancel": {
    post: onReplay("Stop a replay (a queued one at once, a running one before its next session)"),
  },
  "/api/v1/agents/{key}/impact-preview": {
    post: operation("agents:read", {
      summary: "What an editor's unsaved change would do to recent conversations",
      description:
        '`input` is exactly what the editor\'s Save sends for `edit`; it is checked as Save would (422 with the form\'s field names) and rolled back, then the last `window.sessions` sessions or `window.turns` turns are replayed on it, frozen. `Accept: application/x-ndjson` streams `{type:"progress",done,total}` lines, then `{type:"result",result}`; closing the request cancels. Writes nothing.',
      parameters: [agentKeyParam],
      body: PreviewImpactInput,
      ok: { description: "The preview", schema: ImpactPreviewSchema },
    }),
  },
};

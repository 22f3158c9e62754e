import { scopesAllow } from "@/lib/identity/roles";
import { ReplayRunViewSchema } from "@/lib/replay/replay-view-schemas";
import { hideStoredReplies } from "@/lib/replay/server/hide-stored-replies";
import { getReplayRunView } from "@/lib/replay/server/replay-runs";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { ReplayIdParams } from "../../params";

// GET /api/v1/replays/{id} → {replay_id, status, progress, report (when done), error}. The report's
// stored and replayed replies need traces:read as well (an agents:read key alone sees decisions only).
export const GET = defineRoute(
  { scope: "agents:read", params: ReplayIdParams, response: ReplayRunViewSchema },
  async ({ db, params, principal }) => {
    const run = await getReplayRunView(db, params.id);
    if (!run) throw new AppError("NOT_FOUND", `No replay with id ${params.id}.`);
    const readsTraces = principal.kind !== "api_key" || scopesAllow(principal.scopes, "traces:read");
    return readsTraces ? run : hideStoredReplies(run);
  },
);

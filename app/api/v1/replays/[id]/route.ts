import { ReplayRunViewSchema } from "@/lib/replay/replay-view-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { getReplayRunView } from "@/lib/server/replay/replay-runs";
import { ReplayIdParams } from "../../params";

// GET /api/v1/replays/{id} → {replay_id, status, progress, report (when done), error}.
export const GET = defineRoute(
  { scope: "agents:read", params: ReplayIdParams, response: ReplayRunViewSchema },
  async ({ db, params }) => {
    const run = await getReplayRunView(db, params.id);
    if (!run) throw new AppError("NOT_FOUND", `No replay with id ${params.id}.`);
    return run;
  },
);

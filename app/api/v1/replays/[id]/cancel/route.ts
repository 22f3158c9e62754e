import { ReplayRunViewSchema } from "@/lib/replay/replay-view-schemas";
import { cancelReplayRun } from "@/lib/replay/server/replay-runs";
import { defineRoute } from "@/lib/server/define-route";
import { ReplayIdParams } from "../../../params";

// POST /api/v1/replays/{id}/cancel → the run, which stops at the next session it would replay.
export const POST = defineRoute(
  { scope: "agents:read", sessionRole: "designer", params: ReplayIdParams, response: ReplayRunViewSchema },
  async ({ db, params }) => cancelReplayRun(db, params.id),
);

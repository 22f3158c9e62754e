import { listSessionTurns } from "@/db/queries/conversations";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { sessionToApi, turnToApi } from "@/lib/turns/api-shapes";
import { sessionView, turnViews } from "@/lib/turns/server/views";
import { SessionBody } from "@/lib/turns/turn-response-schemas";
import { SessionIdParams } from "../../params";

// GET /api/v1/sessions/{id} → { session: state, turns: [...] }
export const GET = defineRoute(
  { scope: "traces:read", params: SessionIdParams, response: SessionBody },
  async ({ db, params }) => {
    const { session, agent } = await sessionOr404(db, params.id);
    const [view, turns] = await Promise.all([
      sessionView(db, session, agent),
      turnViews(db, await listSessionTurns(db, session.id)),
    ]);
    return { session: sessionToApi(view), turns: turns.map(turnToApi) };
  },
);

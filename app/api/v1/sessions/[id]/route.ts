import { getAgentById } from "@/db/queries/agents";
import { getSession, listSessionTurns } from "@/db/queries/conversations";
import { SessionBody } from "@/lib/openapi/response-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { sessionView, turnViews } from "@/lib/server/engine-host/views";
import { AppError } from "@/lib/server/errors";
import { sessionToApi, turnToApi } from "@/lib/turns/api-shapes";
import { SessionIdParams } from "../../params";

// GET /api/v1/sessions/{id} → { session: state, turns: [...] }
export const GET = defineRoute(
  { scope: "traces:read", params: SessionIdParams, response: SessionBody },
  async ({ db, params }) => {
    const session = await getSession(db, params.id);
    const agent = session ? await getAgentById(db, session.agentId) : null;
    if (!session || !agent) throw new AppError("NOT_FOUND", `No session with id ${params.id}.`);
    const [view, turns] = await Promise.all([
      sessionView(db, session, agent),
      turnViews(db, await listSessionTurns(db, session.id)),
    ]);
    return { session: sessionToApi(view), turns: turns.map(turnToApi) };
  },
);

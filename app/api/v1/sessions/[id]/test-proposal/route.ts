import { getAgentById } from "@/db/queries/agents";
import { getSession } from "@/db/queries/conversations";
import { TestProposalBody } from "@/lib/openapi/tests-response-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { proposeTestFromSession } from "@/lib/server/tests/propose-test-from-session";
import { SessionIdParams } from "../../../params";

// GET /api/v1/sessions/{id}/test-proposal → a test case proposed from the session's trace (its
// messages, tapes and assertions read from each turn), to edit and save with POST …/agents/{key}/tests.
export const GET = defineRoute(
  { scope: "traces:read", params: SessionIdParams, response: TestProposalBody },
  async ({ db, params }) => {
    const session = await getSession(db, params.id);
    const agent = session ? await getAgentById(db, session.agentId) : null;
    if (!session || !agent) throw new AppError("NOT_FOUND", `No session with id ${params.id}.`);
    return { agent_key: agent.key, test: await proposeTestFromSession(db, agent, session.id) };
  },
);

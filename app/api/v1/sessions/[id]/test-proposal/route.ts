import { proposeTestFromSession } from "@/lib/conversation-tests/server/propose-test-from-session";
import { TestProposalBody } from "@/lib/conversation-tests/test-response-schemas";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../params";

// GET /api/v1/sessions/{id}/test-proposal → a test case proposed from the session's trace (its
// messages, tapes and assertions read from each turn), to edit and save with POST …/agents/{key}/tests.
export const GET = defineRoute(
  { scope: "traces:read", params: SessionIdParams, response: TestProposalBody },
  async ({ db, params }) => {
    const { session, agent } = await sessionOr404(db, params.id);
    return { agent_key: agent.key, test: await proposeTestFromSession(db, agent, session.id) };
  },
);

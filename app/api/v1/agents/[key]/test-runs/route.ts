import { startTestRunFromRequest } from "@/lib/conversation-tests/server/start-test-run-from-request";
import { listTestRuns } from "@/lib/conversation-tests/server/test-runs";
import { RunList } from "@/lib/conversation-tests/test-response-schemas";
import { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/test-runs {suite?, keys?, k?, tries?, mode?, config?} → 202 the run; poll
// GET /api/v1/test-runs/{id}. Frozen and offline make no model call; live calls the configured provider.
export const POST = defineRoute(
  { scope: "turns:write", params: AgentKeyParams, body: TestRunBody, response: { 202: TestRunViewSchema } },
  async ({ db, params, body, actor, requestId, reply }) => {
    const run = await startTestRunFromRequest(db, await requireAgent(db, params.key), body, { actor, requestId });
    return reply(202, run);
  },
);

// GET /api/v1/agents/{key}/test-runs → {runs}: the latest 20, newest first, with their summaries.
export const GET = defineRoute(
  { scope: "agents:read", params: AgentKeyParams, response: RunList },
  async ({ db, params }) => ({ runs: await listTestRuns(db, await requireAgent(db, params.key)) }),
);

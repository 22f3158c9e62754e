import { NextResponse } from "next/server";
import { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import { defineRoute } from "@/lib/server/define-route";
import { agentOr404 } from "@/lib/server/tests/agent-or-404";
import { startTestRunFromRequest } from "@/lib/server/tests/start-test-run-from-request";
import { listTestRuns } from "@/lib/server/tests/test-runs";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/test-runs {suite?, keys?, k?, tries?, mode?, config?} → 202 the run; poll
// GET /api/v1/test-runs/{id}. Frozen and offline make no model call; live calls the configured provider.
export const POST = defineRoute(
  { scope: "turns:write", params: AgentKeyParams, body: TestRunBody },
  async ({ db, params, body, actor, requestId }) => {
    const run = await startTestRunFromRequest(db, await agentOr404(db, params.key), body, { actor, requestId });
    return NextResponse.json(run, { status: 202 });
  },
);

// GET /api/v1/agents/{key}/test-runs → {runs}: the latest 20, newest first, with their summaries.
export const GET = defineRoute({ scope: "agents:read", params: AgentKeyParams }, async ({ db, params }) => ({
  runs: await listTestRuns(db, await agentOr404(db, params.key)),
}));

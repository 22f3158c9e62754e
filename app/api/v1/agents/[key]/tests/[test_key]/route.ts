import { getTestCase, removeTestCase, saveTestCase } from "@/lib/conversation-tests/server/test-cases";
import { DeletedTestBody } from "@/lib/conversation-tests/test-response-schemas";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentTestParams } from "../../../../params";

// GET /api/v1/agents/{key}/tests/{test_key} → the case.
export const GET = defineRoute(
  { scope: "agents:read", params: AgentTestParams, response: BundleTestCase },
  async ({ db, params }) => getTestCase(db, await requireAgent(db, params.key), params.test_key),
);

// PUT /api/v1/agents/{key}/tests/{test_key} {test case} → the case (its key may change).
export const PUT = defineRoute(
  { scope: "agents:write", params: AgentTestParams, body: BundleTestCase, response: BundleTestCase },
  async ({ db, params, body }) => saveTestCase(db, await requireAgent(db, params.key), body, params.test_key),
);

// DELETE /api/v1/agents/{key}/tests/{test_key} → {deleted: key}.
export const DELETE = defineRoute(
  { scope: "agents:write", params: AgentTestParams, response: DeletedTestBody },
  async ({ db, params }) => {
    await removeTestCase(db, await requireAgent(db, params.key), params.test_key);
    return { deleted: params.test_key };
  },
);

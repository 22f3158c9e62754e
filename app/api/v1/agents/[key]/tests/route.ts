import { listTestCases, saveTestCase } from "@/lib/conversation-tests/server/test-cases";
import { TestList } from "@/lib/conversation-tests/test-response-schemas";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/tests[?suite=] → {tests}: the agent's conversation test cases.
export const GET = defineRoute(
  { scope: "agents:read", params: AgentKeyParams, response: TestList },
  async ({ db, params, request }) => {
    const suite = new URL(request.url).searchParams.get("suite") ?? undefined;
    return { tests: await listTestCases(db, await requireAgent(db, params.key), suite) };
  },
);

// POST /api/v1/agents/{key}/tests {test case} → 201 the case; checked against the agent (422 with paths).
export const POST = defineRoute(
  { scope: "agents:write", params: AgentKeyParams, body: BundleTestCase, response: { 201: BundleTestCase } },
  async ({ db, params, body, reply }) => {
    const saved = await saveTestCase(db, await requireAgent(db, params.key), body, null);
    return reply(201, saved);
  },
);

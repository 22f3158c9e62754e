import { DELETE as deleteRoute } from "@/app/api/v1/agents/[key]/mcp-servers/[name]/route";
import { POST as syncRoute } from "@/app/api/v1/agents/[key]/mcp-servers/[name]/sync/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/mcp-servers/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { BundleInput, BundleTool } from "@/lib/engine/contracts/bundle";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { callWithKey, type RouteHandler } from "./route-call";

// MCP servers over REST for the tests: an agent of its own per case (a copy of the demo, with its
// conversation-test gate off so setup saves are not held), one call per route, and a re-import that
// attaches an imported tool to the demo's refund rules.

let agents = 0;

export async function mcpAgent(handle: DatabaseHandle, extraTools: BundleInput["tools"] = []) {
  agents += 1;
  const key = `mcp-${agents}-${Math.random().toString(36).slice(2, 8)}`;
  const settings = { ...demo.agent.settings, testing: { tests_gate: "off" } };
  const bundle = {
    ...demo,
    agent: { ...demo.agent, key, name: `Mcp ${agents}`, settings },
    tools: [...demo.tools, ...(extraTools ?? [])],
  } as BundleInput;
  await importBundle(handle.db, bundle, SYSTEM_ACTOR, "setup");
  return configVersionOf(handle, key).then((version) => ({ key, version }));
}

export async function configVersionOf(handle: DatabaseHandle, key: string): Promise<number> {
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error(`no agent ${key}`);
  return agent.configVersion;
}

/** The refund rules run `toolKey` instead of the demo's order lookup; `patch` changes the tool. */
export async function attachToRefundRules(
  handle: DatabaseHandle,
  agentKey: string,
  toolKey: string,
  patch: (tool: BundleTool) => object = (tool) => tool,
): Promise<void> {
  const agent = await getAgentByKey(handle.db, agentKey);
  if (!agent) throw new Error(`no agent ${agentKey}`);
  const bundle = await readAgentBundle(handle.db, agent);
  const rules = bundle.rules.map((rule) =>
    rule.attached_tools.includes("lookup_order") ? { ...rule, attached_tools: [toolKey] } : rule,
  );
  const tools = bundle.tools.map((tool) => (tool.key === toolKey ? patch(tool) : tool));
  await importBundle(handle.db, { ...bundle, rules, tools } as BundleInput, SYSTEM_ACTOR, "setup");
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function mcpApi(apiKey: string) {
  const base = (agent: string) => `/api/v1/agents/${agent}/mcp-servers`;
  return {
    create: async (agent: string, body: unknown) =>
      answer(await callWithKey(createRoute as RouteHandler, "POST", base(agent), { key: agent }, apiKey, body)),
    list: async (agent: string) =>
      answer(await callWithKey(listRoute as RouteHandler, "GET", base(agent), { key: agent }, apiKey)),
    sync: async (agent: string, name: string, body: unknown = {}) =>
      answer(
        await callWithKey(
          syncRoute as RouteHandler,
          "POST",
          `${base(agent)}/${name}/sync`,
          { key: agent, name },
          apiKey,
          body,
        ),
      ),
    remove: async (agent: string, name: string) =>
      answer(
        await callWithKey(
          deleteRoute as RouteHandler,
          "DELETE",
          `${base(agent)}/${name}`,
          { key: agent, name },
          apiKey,
        ),
      ),
  };
}

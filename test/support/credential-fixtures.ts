import {
  DELETE as deleteRoute,
  GET as getRoute,
  PUT as putRoute,
} from "@/app/api/v1/agents/[key]/credentials/[name]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/credentials/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { BundleInput } from "@/lib/engine/contracts/bundle";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { callWithKey, type RouteHandler } from "./route-call";

// Credentials over REST for the tests: an agent of its own per case (a copy of the demo whose order
// lookup is an http tool when asked), and one call per route.

let agents = 0;

/** The demo under a fresh key; `lookup` replaces its order lookup tool (attached to the refund rules). */
export async function credentialAgent(
  handle: DatabaseHandle,
  lookup?: Record<string, unknown> | ((agentKey: string) => Record<string, unknown>),
): Promise<{ key: string; id: string }> {
  agents += 1;
  const key = `cred-${agents}-${Math.random().toString(36).slice(2, 8)}`;
  const replacement = typeof lookup === "function" ? lookup(key) : lookup;
  const tools = replacement
    ? demo.tools.map((tool) => (tool.key === "lookup_order" ? { ...tool, ...replacement } : tool))
    : demo.tools;
  const bundle = { ...demo, agent: { ...demo.agent, key, name: `Cred ${agents}` }, tools } as BundleInput;
  await importBundle(handle.db, bundle, SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("import failed");
  return { key, id: agent.id };
}

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, text: "" };
}

export function credentialApi(apiKey: string) {
  const base = (agent: string) => `/api/v1/agents/${agent}/credentials`;
  const query = (environment?: string) => (environment ? `?environment=${environment}` : "");
  return {
    create: async (agent: string, body: unknown, key = apiKey) =>
      answer(await callWithKey(createRoute as RouteHandler, "POST", base(agent), { key: agent }, key, body)),
    list: async (agent: string, key = apiKey) =>
      answer(await callWithKey(listRoute as RouteHandler, "GET", base(agent), { key: agent }, key)),
    get: async (agent: string, name: string, environment?: string) =>
      answer(
        await callWithKey(
          getRoute as RouteHandler,
          "GET",
          `${base(agent)}/${name}${query(environment)}`,
          { key: agent, name },
          apiKey,
        ),
      ),
    rotate: async (agent: string, name: string, body: unknown) =>
      answer(
        await callWithKey(
          putRoute as RouteHandler,
          "PUT",
          `${base(agent)}/${name}`,
          { key: agent, name },
          apiKey,
          body,
        ),
      ),
    remove: async (agent: string, name: string, environment?: string) =>
      answer(
        await callWithKey(
          deleteRoute as RouteHandler,
          "DELETE",
          `${base(agent)}/${name}${query(environment)}`,
          { key: agent, name },
          apiKey,
        ),
      ),
  };
}

import { POST as promoteRoute } from "@/app/api/v1/agents/[key]/environments/[name]/promote/route";
import { POST as rollbackRoute } from "@/app/api/v1/agents/[key]/environments/[name]/rollback/route";
import { POST as endSplitRoute } from "@/app/api/v1/agents/[key]/environments/[name]/split/end/route";
import { PUT as splitRoute } from "@/app/api/v1/agents/[key]/environments/[name]/split/route";
import { POST as sessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as turnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { callWithKey, type RouteHandler } from "./route-call";

/** A fresh copy of the demo under its own key, so a test case reads only what it made. */
export async function demoAgent(handle: DatabaseHandle, key: string): Promise<number> {
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key } }, SYSTEM_ACTOR, "setup");
  return (await getAgentByKey(handle.db, key))?.configVersion ?? 0;
}

/**
 * A new config version of the agent: the refund cap set to `cap` (above 75 turns the demo's
 * "france-75-refund" case red; an admin forces that save), or only the rule renamed when `cap` is 50.
 */
export async function saveNewVersion(handle: DatabaseHandle, key: string, cap = 50, name = `Max refund ${Date.now()}`) {
  const agent = await getAgentByKey(handle.db, key);
  const rule = demo.rules.find((r) => r.key === "max-refund");
  const saved = await ruleEntity.update(
    handle.db,
    {
      agentKey: key,
      expectedVersion: agent?.configVersion ?? 0,
      actor: SYSTEM_ACTOR,
      requestId: "r",
      policies: SAVE_POLICIES,
      role: "admin",
      forceTests: { reason: "a version for the environment tests" },
    },
    "max-refund",
    { ...rule, name, enforcement_expression: `refund_amount <= ${cap}` } as never,
  );
  return saved.config_version;
}

/** The environment routes of one agent called with one API key. */
export function environmentApi(handle: DatabaseHandle, key: string, apiKey: string) {
  const base = `/api/v1/agents/${key}/environments`;
  const on = (name: string) => ({ key, name });
  return {
    promote: (name: string, body: unknown, withKey = apiKey) =>
      callWithKey(promoteRoute as RouteHandler, "POST", `${base}/${name}/promote`, on(name), withKey, body),
    rollback: (name: string) =>
      callWithKey(rollbackRoute as RouteHandler, "POST", `${base}/${name}/rollback`, on(name), apiKey),
    split: (name: string, body: unknown) =>
      callWithKey(splitRoute as RouteHandler, "PUT", `${base}/${name}/split`, on(name), apiKey, body),
    endSplit: (name: string, body: unknown) =>
      callWithKey(endSplitRoute as RouteHandler, "POST", `${base}/${name}/split/end`, on(name), apiKey, body),
    /** A session over REST: its id and the version it was given. */
    session: async (body: Record<string, unknown> = {}) => {
      const made = await callWithKey(
        sessionRoute as RouteHandler,
        "POST",
        `/api/v1/agents/${key}/sessions`,
        { key },
        apiKey,
        body,
      );
      return { status: made.status, body: await made.json() };
    },
    turn: async (sessionId: string, message: string) => {
      const answer = await callWithKey(
        turnRoute as RouteHandler,
        "POST",
        `/api/v1/sessions/${sessionId}/turns`,
        { id: sessionId },
        apiKey,
        { message },
      );
      return answer.json();
    },
    handle,
  };
}

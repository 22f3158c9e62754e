// biome-ignore lint/style/noRestrictedImports: sets and reads a session's stored goal directly to arrange and check goal cases
import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { POST as validateRoute } from "@/app/api/v1/goal-reformulations/validate/route";
import { POST as proposeRoute } from "@/app/api/v1/sessions/[id]/goal/reformulations/route";
import { POST as restoreRoute } from "@/app/api/v1/sessions/[id]/goal/restore/route";
import type { DatabaseHandle } from "@/db/client";
// biome-ignore lint/style/noRestrictedImports: sets and reads a session's stored goal directly to arrange and check goal cases
import { sessions } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { originalGoalFromTurn, readGoalState } from "@/lib/engine/stages/reformulation";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { agentRow } from "./config-save-checks";
import { fileTestApp } from "./focal-test-app";
import { ORIGIN } from "./request-headers";
import { callRoute, type RouteHandler } from "./response-contract";

// Calls the three goal routes the way Next.js would, with a goals:write API key, checking each answer against
// the route's declared response schemas.

/** The demo agent and a key with goals:write; returns the key. */
async function setUpGoalApi(handle: DatabaseHandle): Promise<string> {
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  const created = await handle.db.transaction((tx) =>
    createApiKey(tx, { name: "goals", scopes: ["goals:write"] }, SYSTEM_ACTOR, "setup"),
  );
  return created.key;
}

/**
 * The demo with every turn sensed by the model (a turn the local sensor decides proposes no goal), and a
 * turns:write key; returns the key. For the files that play turns through a model that proposes goals.
 */
export async function importModelSensedDemo(handle: DatabaseHandle): Promise<string> {
  const modelSensed = {
    ...demo,
    agent: { ...demo.agent, settings: { ...demo.agent.settings, sensor: { local_confidence: 1 } } },
  };
  await importBundle(handle.db, modelSensed, SYSTEM_ACTOR, "setup");
  const created = await handle.db.transaction((tx) =>
    createApiKey(tx, { name: "c", scopes: ["turns:write"] }, SYSTEM_ACTOR, "setup"),
  );
  return created.key;
}

/**
 * The app for the whole file (fileTestApp) with the demo and a goals:write key, and the goal routes
 * called with that key.
 */
export function fileGoalApp() {
  const handle = fileTestApp();
  let key: string | undefined;
  beforeAll(async () => {
    key = await setUpGoalApi(handle);
  });
  const api = goalApi(() => {
    if (!key) throw new Error("the goals key is made in beforeAll; call the routes inside a test");
    return key;
  });
  return { handle, api };
}

/** The goal routes called with `key` (or the key `key()` reads when each call is made). */
export function goalApi(key: string | (() => string)) {
  const call = (handler: RouteHandler, path: string, params: Record<string, string>, body?: unknown) =>
    callRoute(
      handler,
      new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${typeof key === "string" ? key : key()}`,
          "content-type": "application/json",
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
      params,
    );
  return {
    validate: (body: unknown) => call(validateRoute, "/api/v1/goal-reformulations/validate", {}, body),
    propose: (id: string, body: unknown) =>
      call(proposeRoute, `/api/v1/sessions/${id}/goal/reformulations`, { id }, body),
    restore: (id: string) => call(restoreRoute, `/api/v1/sessions/${id}/goal/restore`, { id }),
  };
}

/** A demo-agent session, with its original goal set as the first clear turn would set it. */
export async function sessionWithGoal(handle: DatabaseHandle, original?: string): Promise<string> {
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  if (original) {
    const goal = originalGoalFromTurn({}, original, "answered", 0);
    await handle.db.update(sessions).set({ goal }).where(eq(sessions.id, session.id));
  }
  return session.id;
}

export async function storedGoal(handle: DatabaseHandle, sessionId: string) {
  const [row] = await handle.db.select({ goal: sessions.goal }).from(sessions).where(eq(sessions.id, sessionId));
  return readGoalState(row?.goal);
}

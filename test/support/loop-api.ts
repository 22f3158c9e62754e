import { GET as statusV1 } from "@/app/api/v1/orchestrator/guardrails-status/[loop_id]/route";
import { POST as completeV1 } from "@/app/api/v1/orchestrator/loop-complete/route";
import { POST as overrideV1 } from "@/app/api/v1/orchestrator/override-guardrails/[loop_id]/route";
import { GET as status } from "@/app/orchestrator/guardrails-status/[loop_id]/route";
import { POST as complete } from "@/app/orchestrator/loop-complete/route";
import { POST as override } from "@/app/orchestrator/override-guardrails/[loop_id]/route";
import type { DatabaseHandle } from "@/db/client";
import type { ApiScope } from "@/lib/identity/roles";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { ORIGIN } from "./request-headers";
import { callRoute } from "./response-contract";

// Calls the orchestrator loop route handlers the way a client does: at /orchestrator/… or under /api/v1/…, and
// checks each answer against the route's declared response schemas.

export const REFERENCE_NOW = "2025-04-21T19:45:00.000Z";

/** The example loop-complete request of docs/loops.md#reference-vectors, key for key. */
export const REFERENCE_LOOP_COMPLETE = {
  loop_id: "loop_001",
  reflection_status: "done",
  orchestrator_persona: "SAGE",
  override_fatigue: false,
  override_max_reruns: false,
  override_by: null,
};

/** The scores behind the example response: alignment 0.72 < 0.75, drift 0.28 > 0.25. */
export const REFERENCE_REFLECTION = {
  alignment_score: 0.72,
  drift_score: 0.28,
  summary_valid: true,
  reflection_persona: "SAGE",
  bias_tags: [],
};

/** The example override-guardrails request of docs/loops.md#reference-vectors, key for key. */
export const REFERENCE_OVERRIDE = {
  override_fatigue: true,
  override_max_reruns: false,
  override_by: "operator",
  override_reason: "Manual override to continue exploration",
};

export async function loopApiKey(handle: DatabaseHandle, scopes: ApiScope[]): Promise<string> {
  const created = await handle.db.transaction((tx) =>
    createApiKey(tx, { name: scopes.join(" "), scopes }, SYSTEM_ACTOR, "setup"),
  );
  return created.key;
}

type Prefix = "" | "/api/v1";

function request(path: string, key: string, init: { method: string; body?: string }) {
  return new Request(`${ORIGIN}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: init.body,
  });
}

export function loopApi(key: string, prefix: Prefix = "") {
  const v1 = prefix === "/api/v1";
  return {
    complete: (body: unknown) =>
      callRoute(
        v1 ? completeV1 : complete,
        request(`${prefix}/orchestrator/loop-complete`, key, {
          method: "POST",
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      ),
    status: (loopId: string) =>
      callRoute(
        v1 ? statusV1 : status,
        request(`${prefix}/orchestrator/guardrails-status/${loopId}`, key, { method: "GET" }),
        { loop_id: loopId },
      ),
    override: (loopId: string, body: unknown) =>
      callRoute(
        v1 ? overrideV1 : override,
        request(`${prefix}/orchestrator/override-guardrails/${loopId}`, key, {
          method: "POST",
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
        { loop_id: loopId },
      ),
  };
}

/** Completes `loopId` with the given scores and returns the parsed body (expects 200). */
export async function completeWith(
  api: ReturnType<typeof loopApi>,
  loopId: string,
  reflection: Record<string, unknown> = REFERENCE_REFLECTION,
  extra: Record<string, unknown> = {},
) {
  const response = await api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: loopId, reflection, ...extra });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`loop-complete ${loopId}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

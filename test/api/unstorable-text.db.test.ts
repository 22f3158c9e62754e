import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { overrideLoopGuardrailsAction } from "@/lib/actions/loops/override-loop-guardrails";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { goalApi, sessionWithGoal } from "../support/goal-api-helpers";
import {
  completeWith,
  loopApi,
  loopApiKey,
  REFERENCE_LOOP_COMPLETE,
  REFERENCE_OVERRIDE,
  REFERENCE_REFLECTION,
} from "../support/loop-api";
import { browserHeaders, ORIGIN, requestState } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";
import { type FieldPath, withValueAt } from "../support/string-fields";

// The fields an outside check broke with NUL (PostgreSQL: "invalid byte sequence for encoding UTF8:
// 0x00", a 500) or a lone surrogate (jsonb refuses its escape; evidence ids even came back as 503
// DTL-STRAT-011, "retry"). Each body is first shown valid, so the bad text is its only fault.

const BAD_TEXT: Record<string, { text: string; reason: RegExp }> = {
  NUL: { text: "a\u0000b", reason: /^contains a NUL character \(U\+0000\), which cannot be stored$/ },
  "lone high surrogate": { text: "a\uD800", reason: /^contains an unpaired surrogate \(U\+D800\)/ },
  "lone low surrogate": { text: "\uDC00b", reason: /^contains an unpaired surrogate \(U\+DC00\)/ },
  "reversed surrogate pair": { text: "\uDE00\uD83D", reason: /^contains an unpaired surrogate \(U\+DE00\)/ },
  "C0 control": { text: "a\u0007b", reason: /^contains the control character U\+0007/ },
};

let handle: DatabaseHandle;
let key: string;
let operatorCookie: string;

beforeAll(async () => {
  const app = await startDemoApp(["designer", "operator"]);
  handle = app.handle;
  operatorCookie = app.cookies.operator;
  key = await loopApiKey(handle, ["turns:write", "goals:write", "loops:write", "loops:override"]);
});
afterAll(async () => {
  await handle?.close();
});

const post = (handler: RouteHandler, path: string, params: Record<string, string>, body: unknown) =>
  callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    params,
  );

/** `send(valid)` succeeds; `send(valid with bad text at field)` → 422 naming the field, nothing written. */
async function expectRefusedAt(
  send: (body: unknown) => Promise<Response>,
  valid: unknown,
  field: FieldPath,
  okStatus = 200,
) {
  const clean = await send(valid);
  expect(clean.status, `valid body: ${await clean.clone().text()}`).toBe(okStatus);
  for (const [label, { text, reason }] of Object.entries(BAD_TEXT)) {
    const before = await tableCounts(handle);
    const response = await send(withValueAt(valid, field, text));
    const what = `${formatIssuePath(field)} with ${label}`;
    expect(response.status, what).toBe(422);
    const body = await response.json();
    expect(body.error, what).toMatchObject({ code: "VALIDATION" });
    expect(body.errors, what).toEqual([{ path: formatIssuePath(field), message: expect.stringMatching(reason) }]);
    expect(await tableCounts(handle), what).toEqual(before);
  }
}

describe("REST turns and sessions", () => {
  it("message of POST /sessions/{id}/turns", async () => {
    const created = await post(createSessionRoute, "/api/v1/agents/refund-desk/sessions", { key: "refund-desk" }, {});
    const { session_id: id } = (await created.json()) as { session_id: string };
    await expectRefusedAt(
      (body) => post(postTurnRoute, `/api/v1/sessions/${id}/turns`, { id }, body),
      { message: "How much does the blue kettle cost?" },
      ["message"],
    );
  });

  it("customer_id of POST /agents/{key}/sessions", async () => {
    await expectRefusedAt(
      (body) => post(createSessionRoute, "/api/v1/agents/refund-desk/sessions", { key: "refund-desk" }, body),
      { customer_id: "customer-7" },
      ["customer_id"],
      201,
    );
  });
});

describe("goal reformulations", () => {
  const candidate = {
    reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
    type: "scope_narrowing",
    confidence: 0.92,
    evidence: [{ id: "market-availability", text: "Market availability data shows only top 5 have reliable feeds" }],
  };

  it("reformulated and evidence[].id → 422, not a 503 that says the ledger failed", async () => {
    const api = goalApi(key);
    for (const field of [["reformulated"], ["evidence", 0, "id"]]) {
      const id = await sessionWithGoal(handle, "What happened in crypto markets today?");
      await expectRefusedAt((body) => api.propose(id, body), candidate, field);
    }
  });
});

describe("orchestrator loop endpoints keep the route's validation body", () => {
  it("orchestrator_persona and bias tags of loop-complete", async () => {
    const api = loopApi(key);
    const body = (loopId: string) => ({
      ...REFERENCE_LOOP_COMPLETE,
      loop_id: loopId,
      reflection: { ...REFERENCE_REFLECTION, bias_tags: [{ tag: "anchoring", source: "pessimist" }] },
    });
    await expectRefusedAt((b) => api.complete(b), body("persona_loop"), ["orchestrator_persona"]);
    await expectRefusedAt((b) => api.complete(b), body("tag_loop"), ["reflection", "bias_tags", 0, "tag"]);
    await expectRefusedAt((b) => api.complete(b), body("tag_source_loop"), ["reflection", "bias_tags", 0, "source"]);
  });

  it("override_by and override_reason of override-guardrails, at both paths", async () => {
    for (const prefix of ["", "/api/v1"] as const) {
      const api = loopApi(key, prefix);
      for (const field of ["override_by", "override_reason"]) {
        const loopId = `override_${field}${prefix ? "_v1" : ""}`;
        await completeWith(api, loopId);
        await expectRefusedAt((b) => api.override(loopId, b), REFERENCE_OVERRIDE, [field]);
      }
    }
  });
});

describe("server actions", () => {
  it("override_reason of the Override dialog", async () => {
    await completeWith(loopApi(key), "dialog_loop");
    requestState.headers = browserHeaders({ cookie: operatorCookie });
    const valid = { loop_id: "dialog_loop", override_fatigue: true, override_reason: "Keep exploring" };
    for (const [label, { text, reason }] of Object.entries(BAD_TEXT)) {
      const before = await tableCounts(handle);
      const result = await overrideLoopGuardrailsAction({ ...valid, override_reason: text });
      expect(result, label).toMatchObject({
        ok: false,
        code: "VALIDATION",
        fieldErrors: { override_reason: [expect.stringMatching(reason)] },
      });
      expect(await tableCounts(handle), label).toEqual(before);
    }
    expect(await overrideLoopGuardrailsAction(valid)).toMatchObject({ ok: true });
  });
});

import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents, loopTraces, overrides } from "@/db/schema";
import { overrideLoopGuardrailsAction } from "@/lib/actions/loops/override-loop-guardrails";
import { loadLoopDetail } from "@/lib/loops/server/load-loop-detail";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { addOperator, signIn, startTestApp, tableCounts } from "../support/focal-test-app";
import { completeWith, loopApi, loopApiKey, REFERENCE_OVERRIDE } from "../support/loop-api";
import { browserHeaders, requestState } from "../support/request-headers";

// The console's Override dialog and the API's override-guardrails: one service, ledgered alike.

let handle: DatabaseHandle;
let api: ReturnType<typeof loopApi>;
let operatorCookie: string;
let designerCookie: string;

beforeAll(async () => {
  handle = await startTestApp();
  api = loopApi(await loopApiKey(handle, ["loops:write", "loops:override"]));
  const operator = await addOperator(handle, "ops@focal.test", "operator");
  const designer = await addOperator(handle, "designer@focal.test", "designer");
  operatorCookie = await signIn(operator.email, operator.password);
  designerCookie = await signIn(designer.email, designer.password);
  // Two force-finalized families: the fourth completion of each reaches the rerun limit (3).
  for (const root of ["ui_loop", "api_loop"]) {
    for (const id of [root, `${root}_r1`, `${root}_r2`, `${root}_r3`]) await completeWith(api, id);
  }
});
afterAll(async () => {
  await handle?.close();
});

const lastEvent = async () => (await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1))[0];

describe("Override dialog action", () => {
  it("a designer is refused and nothing is written", async () => {
    requestState.headers = browserHeaders({ cookie: designerCookie });
    const before = await tableCounts(handle);
    const result = await overrideLoopGuardrailsAction({
      loop_id: "ui_loop_r3",
      override_max_reruns: true,
      override_reason: "x",
    });
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a blank reason or no guardrail chosen → field errors, nothing written", async () => {
    requestState.headers = browserHeaders({ cookie: operatorCookie });
    const before = await tableCounts(handle);
    const blank = await overrideLoopGuardrailsAction({
      loop_id: "ui_loop_r3",
      override_max_reruns: true,
      override_reason: " ",
    });
    expect(blank).toMatchObject({
      ok: false,
      code: "VALIDATION",
      fieldErrors: { override_reason: [expect.any(String)] },
    });
    const neither = await overrideLoopGuardrailsAction({ loop_id: "ui_loop_r3", override_reason: "because" });
    expect(neither).toMatchObject({
      ok: false,
      fieldErrors: { override_fatigue: [expect.stringMatching(/at least one/)] },
    });
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an operator overrides: the loop shows who, when and why; GUARDRAIL_OVERRIDE has actor, reason, before/after", async () => {
    requestState.headers = browserHeaders({ cookie: operatorCookie });
    const result = await overrideLoopGuardrailsAction({
      loop_id: "ui_loop_r3",
      override_max_reruns: true,
      override_reason: "the new retrieval index needs one more pass",
    });
    expect(result).toEqual({
      ok: true,
      data: {
        status: "success",
        loop_id: "ui_loop_r3",
        override_fatigue: false,
        override_max_reruns: true,
        overridden_by: "ops@focal.test",
        override_reason: "the new retrieval index needs one more pass",
        force_finalize: false,
      },
    });
    const event = await lastEvent();
    expect(event).toMatchObject({ type: "GUARDRAIL_OVERRIDE", actor: "ops@focal.test", actorKind: "operator" });
    expect(event?.payload).toEqual({
      source: "override-guardrails",
      loop_id: "ui_loop_r3",
      family_id: "ui_loop",
      override_fatigue: false,
      override_max_reruns: true,
      overridden_by: "ops@focal.test",
      override_reason: "the new retrieval index needs one more pass",
      before: {
        force_finalize: true,
        override_fatigue: false,
        override_max_reruns: false,
        overridden_by: null,
        decision: "finalize",
      },
      after: {
        force_finalize: false,
        override_fatigue: false,
        override_max_reruns: true,
        overridden_by: "ops@focal.test",
        decision: "finalize",
      },
    });
    const detail = await loadLoopDetail(handle.db, "ui_loop_r3");
    expect(detail?.loop).toMatchObject({
      overriddenBy: "ops@focal.test",
      overrideReason: "the new retrieval index needs one more pass",
      overrideMaxReruns: true,
      forceFinalize: false,
    });
    expect(detail?.loop.overriddenAt).toBeTruthy();
    expect(detail?.overrides).toMatchObject([
      { overriddenBy: "ops@focal.test", actorKind: "operator", ledgerSeq: event?.seq },
    ]);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });
});

describe("override from the API", () => {
  it("is ledgered the same way, with the API key as actor and override_by as given", async () => {
    const response = await api.override("api_loop_r3", { ...REFERENCE_OVERRIDE, override_max_reruns: true });
    expect(response.status).toBe(200);
    const event = await lastEvent();
    expect(event).toMatchObject({ type: "GUARDRAIL_OVERRIDE", actorKind: "api_key" });
    expect(event?.actor).toMatch(/^fk_/);
    expect(event?.payload).toMatchObject({
      source: "override-guardrails",
      loop_id: "api_loop_r3",
      override_fatigue: true,
      override_max_reruns: true,
      overridden_by: "operator",
      override_reason: "Manual override to continue exploration",
      before: { force_finalize: true },
      after: { force_finalize: false },
    });
    const [row] = await handle.db.select().from(overrides).where(eq(overrides.loopId, "api_loop_r3"));
    expect(row).toMatchObject({ actorKind: "api_key", overriddenBy: "operator", ledgerSeq: event?.seq });
    const [loop] = await handle.db.select().from(loopTraces).where(eq(loopTraces.loopId, "api_loop_r3"));
    expect(loop).toMatchObject({
      overriddenBy: "operator",
      overrideFatigue: true,
      overrideMaxReruns: true,
      forceFinalize: false,
    });
  });
});

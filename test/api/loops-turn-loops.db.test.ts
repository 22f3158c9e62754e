import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { loadLoopDetail } from "@/lib/loops/server/load-loop-detail";
import { loadLoopsDashboard } from "@/lib/loops/server/load-loops-dashboard";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "../support/focal-test-app";
import { loopApi, loopApiKey } from "../support/loop-api";

// The engine's own regeneration loop (docs/decisions.md#the-regeneration-loop-is-a-guarded-loop) is stored as loops of
// kind "turn", linked to its turn, and shows on the Loops pages; the API reads it but cannot complete it, and
// overrides it only where a guardrail stopped it (the override is a record: the turn has already answered).

let handle: DatabaseHandle;
let turnId: string;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  // The refund example: the first draft promises $75, lane 1 fails max-refund, the regeneration ships.
  const { turn } = await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I'm in France and want a refund for order 123",
    actor: SYSTEM_ACTOR,
    requestId: "req",
  });
  turnId = turn.id;
});
afterAll(async () => {
  await handle?.close();
});

describe("turn loops on the Loops pages", () => {
  it("are listed under kind=turn with their agent, decision and the enforcement.max_retries limit", async () => {
    const data = await loadLoopsDashboard(handle.db, { kind: "turn" }, null);
    expect(data.loops.map((l) => l.loopId).sort()).toEqual([`turn_${turnId}`, `turn_${turnId}_r1`]);
    const first = data.loops.find((l) => l.loopId === `turn_${turnId}`);
    expect(first).toMatchObject({
      kind: "turn",
      agentKey: "refund-desk",
      turnId,
      decision: "rerun",
      rerunReason: "alignment_threshold_not_met",
      maxReruns: 1,
      biasTags: ["violation:max-refund"],
      reflectionPersona: "PESSIMIST",
    });
    expect(first?.reasoning).toMatchObject({ rerun_reason: "alignment_threshold_not_met" });
    expect(data.loops.find((l) => l.loopId === `turn_${turnId}_r1`)).toMatchObject({
      decision: "finalize",
      finalizeReason: "thresholds_met",
      rerunDepth: 1,
    });
  });

  it("the detail shows the lineage; the API reads the status; a loop that finished on its own is not overridable (409)", async () => {
    const detail = await loadLoopDetail(handle.db, `turn_${turnId}_r1`);
    expect(detail?.family.map((l) => l.loopId)).toEqual([`turn_${turnId}`, `turn_${turnId}_r1`]);
    const api = loopApi(await loopApiKey(handle, ["loops:read", "loops:override"]));
    const status = await (await api.status(`turn_${turnId}`)).json();
    expect(status.guardrails_status).toMatchObject({ rerun_count: 1, max_reruns: 1, rerun_limit_reached: true });
    const refused = await api.override(`turn_${turnId}`, {
      override_max_reruns: true,
      override_by: "operator",
      override_reason: "x",
    });
    expect(refused.status).toBe(409);
  });

  it("a loop the rerun limit stopped takes an override: recorded on the loop and as GUARDRAIL_OVERRIDE", async () => {
    const api = loopApi(await loopApiKey(handle, ["loops:read", "loops:override"]));
    const done = await api.override(`turn_${turnId}_r1`, {
      override_max_reruns: true,
      override_by: "operator",
      override_reason: "The rewrite was right; the limit of one is fine here.",
    });
    expect(done.status).toBe(200);
    const detail = await loadLoopDetail(handle.db, `turn_${turnId}_r1`);
    expect(detail?.loop).toMatchObject({
      overrideMaxReruns: true,
      overrideReason: "The rewrite was right; the limit of one is fine here.",
    });
    expect(detail?.overrides).toHaveLength(1);
    expect(detail?.overrides[0]?.ledgerSeq).toEqual(expect.any(Number));
  });
});

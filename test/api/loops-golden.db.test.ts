import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { loopCompletions, loopTraces } from "@/db/schema";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { startTestApp } from "../support/focal-test-app";
import {
  loopApi,
  loopApiKey,
  REFERENCE_LOOP_COMPLETE,
  REFERENCE_NOW,
  REFERENCE_OVERRIDE,
  REFERENCE_REFLECTION,
} from "../support/loop-api";

// The three endpoint examples of docs/loops.md#reference-vectors, at their published paths and under
// /api/v1, shapes and values. Where an example contradicts the fatigue rule (fatigue 0.15 on an
// original loop), the value follows the rule — lib/engine/loops/README.md "Where the
// rules and the examples disagree" 1–2.

let handle: DatabaseHandle;
let key: string;
// A fresh database per case: each case posts the example loop-complete itself, and the override case
// changes the loop the others read.
beforeEach(async () => {
  handle = await startTestApp();
  key = await loopApiKey(handle, ["loops:write", "loops:read", "loops:override"]);
  overrideHostPorts({ clock: { now: () => new Date(REFERENCE_NOW), monotonicMs: () => 0 } });
});
afterEach(async () => {
  overrideHostPorts(undefined);
  await handle?.close();
});

/** The example loop-complete request with its reflection, as the first completion of loop_001. */
const completeExample = () => loopApi(key).complete({ ...REFERENCE_LOOP_COMPLETE, reflection: REFERENCE_REFLECTION });

describe("POST /orchestrator/loop-complete, first completion of a loop below both thresholds", () => {
  it("answers the example body key for key, with fatigue 0 and Focal's added keys", async () => {
    const response = await completeExample();
    expect(response.status).toBe(200);
    const body = await response.json();
    // Every key and value of the example …
    expect(body).toMatchObject({
      status: "success",
      loop_id: "loop_001",
      reflection_result: {
        alignment_score: 0.72,
        drift_score: 0.28,
        summary_valid: true,
        reflection_persona: "SAGE",
        bias_echo: false,
      },
      decision_result: {
        decision: "rerun",
        original_loop_id: "loop_001",
        new_loop_id: "loop_001_r1",
        rerun_reason: "alignment_threshold_not_met",
        rerun_number: 1,
        rerun_count: 1,
        max_reruns: 3,
      },
      orchestrator_persona: "SAGE",
      timestamp: "2025-04-21T19:45:00.000Z",
    });
    // … with fatigue 0 (docs/loops.md#reflection-fatigue: an original loop has no previous trace) and Focal's added
    // keys.
    expect(body.reflection_result.reflection_fatigue).toBe(0);
    expect(body.decision_result).toEqual({
      decision: "rerun",
      original_loop_id: "loop_001",
      new_loop_id: "loop_001_r1",
      rerun_reason: "alignment_threshold_not_met",
      rerun_number: 1,
      rerun_count: 1,
      max_reruns: 3,
      rerun_of: "loop_001",
      rerun_trigger: ["alignment", "drift"],
      rerun_reason_detail: "Triggered by alignment, drift",
      overridden_by: null,
    });
    expect(Object.keys(body).sort()).toEqual(
      ["decision_result", "loop_id", "orchestrator_persona", "reflection_result", "status", "timestamp"].sort(),
    );
  });

  it("stores every LoopTraceItem field, the rerun reasoning, the pending rerun and the completion", async () => {
    expect((await completeExample()).status).toBe(200);
    const [loop] = await handle.db.select().from(loopTraces).where(eq(loopTraces.loopId, "loop_001"));
    expect(loop).toMatchObject({
      familyId: "loop_001",
      kind: "external",
      agentId: null,
      turnId: null,
      status: "completed",
      rerunOf: null,
      rerunDepth: null,
      rerunCount: 1,
      maxReruns: 3,
      biasEcho: false,
      repeatedTags: null,
      reflectionFatigue: 0,
      fatigueIncreased: false,
      rerunReason: "alignment_threshold_not_met",
      rerunReasonDetail: "Triggered by alignment, drift",
      rerunTrigger: ["alignment", "drift"],
      forceFinalize: false,
      overriddenBy: null,
      orchestratorPersona: "SAGE",
      reflectionPersona: "SAGE",
      alignmentScore: 0.72,
      driftScore: 0.28,
      summaryValid: true,
      biasTags: [],
      decision: "rerun",
      finalizeReason: null,
      overrideFatigue: false,
      overrideMaxReruns: false,
      overrideReason: null,
      overriddenAt: null,
      reasoning: {
        rerun_trigger: ["alignment", "drift"],
        rerun_reason: "alignment_threshold_not_met",
        rerun_reason_detail: "Triggered by alignment, drift",
        timestamp: REFERENCE_NOW,
        reflection_persona: "SAGE",
      },
    });
    expect(loop?.timestamp.toISOString()).toBe(REFERENCE_NOW);
    const [rerun] = await handle.db.select().from(loopTraces).where(eq(loopTraces.loopId, "loop_001_r1"));
    expect(rerun).toMatchObject({
      familyId: "loop_001",
      status: "pending",
      rerunOf: "loop_001",
      rerunDepth: 1,
      rerunCount: 1,
      maxReruns: 3,
      rerunReason: "alignment_threshold_not_met",
      alignmentScore: null,
      decision: null,
    });
    const completions = await handle.db.select().from(loopCompletions);
    expect(completions).toHaveLength(1);
    expect(completions[0]?.request).toMatchObject({ loop_id: "loop_001", reflection: { alignment_score: 0.72 } });
    expect(completions[0]?.result).toMatchObject({
      status: "success",
      decision_result: { new_loop_id: "loop_001_r1" },
    });
  });
});

describe("GET /orchestrator/guardrails-status/{loop_id} of that loop", () => {
  it("answers with the published body, key for key", async () => {
    expect((await completeExample()).status).toBe(200);
    const response = await loopApi(key, "/api/v1").status("loop_001");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "success",
      guardrails_status: {
        loop_id: "loop_001",
        rerun_count: 1,
        max_reruns: 3,
        rerun_limit_reached: false,
        bias_echo: false,
        // The example shows 0.15; by the fatigue rule loop_001 has 0 (0.15 appears on loop_001_r1).
        reflection_fatigue: 0,
        fatigue_threshold_exceeded: false,
        force_finalize: false,
        rerun_reason: "alignment_threshold_not_met",
        rerun_trigger: ["alignment", "drift"],
        alignment_score: 0.72,
        drift_score: 0.28,
        summary_valid: true,
        reflection_persona: "SAGE",
      },
    });
  });
});

describe("POST /orchestrator/override-guardrails/{loop_id} of that loop", () => {
  it("echoes the override with force_finalize and stores it on the loop with its time", async () => {
    expect((await completeExample()).status).toBe(200);
    const response = await loopApi(key).override("loop_001", REFERENCE_OVERRIDE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "success",
      loop_id: "loop_001",
      override_fatigue: true,
      override_max_reruns: false,
      overridden_by: "operator",
      override_reason: "Manual override to continue exploration",
      force_finalize: false,
    });
    const [loop] = await handle.db.select().from(loopTraces).where(eq(loopTraces.loopId, "loop_001"));
    expect(loop).toMatchObject({
      overrideFatigue: true,
      overrideMaxReruns: false,
      overriddenBy: "operator",
      overrideReason: "Manual override to continue exploration",
    });
    expect(loop?.overriddenAt?.toISOString()).toBe(REFERENCE_NOW);
  });
});

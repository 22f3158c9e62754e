import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { agents, biasHistory, ledgerEvents, loopTraces } from "@/db/schema";
import { startTestApp } from "../support/focal-test-app";
import { completeWith, loopApi, loopApiKey, REFERENCE_LOOP_COMPLETE, REFERENCE_REFLECTION } from "../support/loop-api";

// The six guardrail checks of docs/loops.md#reference-vectors, run through the endpoints against the database, with the
// sequences that reach each stop condition (rerun limit, fatigue, bias echo) and the override that lets a family go on.

let handle: DatabaseHandle;
let api: ReturnType<typeof loopApi>;
beforeAll(async () => {
  handle = await startTestApp();
  api = loopApi(await loopApiKey(handle, ["loops:write", "loops:read", "loops:override"]));
  // An agent that allows 10 reruns, so fatigue (not the limit) stops its loops.
  await handle.db.insert(agents).values({ key: "loop-lab", name: "Loop lab", settings: { rerun: { max_reruns: 10 } } });
});
afterAll(async () => {
  await handle?.close();
});

const decisionOf = (body: { decision_result: { decision: string } }) => body.decision_result.decision;
const tagged = (...tags: string[]) => ({ ...REFERENCE_REFLECTION, bias_tags: tags.map((tag) => ({ tag })) });

async function runFamily(root: string, reruns: number, extra: Record<string, unknown> = {}) {
  const bodies = [];
  for (let n = 0; n <= reruns; n++)
    bodies.push(await completeWith(api, n === 0 ? root : `${root}_r${n}`, REFERENCE_REFLECTION, extra));
  return bodies;
}

describe("loop guardrails through the endpoints", () => {
  it("a first completion below the thresholds reruns as {loop_id}_r1; one that meets them finalizes", async () => {
    const body = await completeWith(api, "t1_loop");
    expect(body.decision_result).toMatchObject({
      decision: "rerun",
      new_loop_id: "t1_loop_r1",
      rerun_reason: "alignment_threshold_not_met",
      rerun_trigger: ["alignment", "drift"],
      rerun_number: 1,
      max_reruns: 3,
    });
    const thresholdsMet = await completeWith(api, "t1_good", {
      ...REFERENCE_REFLECTION,
      alignment_score: 0.9,
      drift_score: 0.1,
    });
    expect(thresholdsMet.decision_result).toMatchObject({
      decision: "finalize",
      finalize_reason: "thresholds_met",
      force_finalize: false,
    });
  });

  it("override_max_reruns in the request lifts the rerun limit, ledgered as GUARDRAIL_OVERRIDE", async () => {
    const bodies = await runFamily("t2_loop", 3);
    expect(bodies.map(decisionOf)).toEqual(["rerun", "rerun", "rerun", "finalize"]);
    expect(bodies[3].decision_result).toMatchObject({
      finalize_reason: "rerun_limit_reached",
      force_finalize: true,
      rerun_count: 3,
    });

    const before = await handle.db.select().from(ledgerEvents);
    const lifted = await completeWith(api, "t2_loop_r3", REFERENCE_REFLECTION, {
      override_max_reruns: true,
      override_by: "orchestrator-ops",
      override_reason: "one more pass with the new retrieval index",
    });
    expect(lifted.decision_result).toMatchObject({
      decision: "rerun",
      new_loop_id: "t2_loop_r4",
      overridden_by: "orchestrator-ops",
    });
    const events = (await handle.db.select().from(ledgerEvents)).slice(before.length);
    expect(events.map((e) => e.type)).toEqual(["GUARDRAIL_OVERRIDE"]);
    expect(events[0]?.actorKind).toBe("api_key");
    expect(events[0]?.payload).toMatchObject({
      source: "loop-complete",
      loop_id: "t2_loop_r3",
      override_max_reruns: true,
      override_fatigue: false,
      overridden_by: "orchestrator-ops",
      override_reason: "one more pass with the new retrieval index",
      new_loop_id: "t2_loop_r4",
      before: { force_finalize: true, decision: "finalize" },
      after: { force_finalize: false, decision: "rerun" },
    });
  });

  it("the status of a force-finalized loop reads its limit, fatigue and reason", async () => {
    await runFamily("t3_loop", 3);
    const response = await api.status("t3_loop_r3");
    expect(response.status).toBe(200);
    expect((await response.json()).guardrails_status).toEqual({
      loop_id: "t3_loop_r3",
      rerun_count: 3,
      max_reruns: 3,
      rerun_limit_reached: true,
      bias_echo: false,
      reflection_fatigue: 0.45,
      fatigue_threshold_exceeded: false,
      force_finalize: true,
      rerun_reason: "alignment_threshold_not_met",
      rerun_trigger: ["alignment", "drift"],
      alignment_score: 0.72,
      drift_score: 0.28,
      summary_valid: true,
      reflection_persona: "SAGE",
    });
    // The original reads the family's count: 3 reruns were issued.
    expect((await (await api.status("t3_loop")).json()).guardrails_status.rerun_count).toBe(3);
  });

  it("an override lifts force_finalize and the next completion continues the family", async () => {
    await runFamily("t4_loop", 3);
    const override = await api.override("t4_loop_r3", {
      override_fatigue: false,
      override_max_reruns: true,
      override_by: "operator",
      override_reason: "the limit was set before the new tools landed",
    });
    expect(override.status).toBe(200);
    expect(await override.json()).toMatchObject({ override_max_reruns: true, force_finalize: false });
    expect((await (await api.status("t4_loop_r3")).json()).guardrails_status.force_finalize).toBe(false);

    // A bare request (no reflection): the loop's stored reflection is reused and the stored override honoured.
    const again = await api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: "t4_loop_r3" });
    expect(again.status).toBe(200);
    expect((await again.json()).decision_result).toMatchObject({
      decision: "rerun",
      new_loop_id: "t4_loop_r4",
      overridden_by: "operator",
    });
    // The rerun does not inherit the override: completing _r4 stops at the limit again.
    const next = await completeWith(api, "t4_loop_r4");
    expect(next.decision_result).toMatchObject({ decision: "finalize", finalize_reason: "rerun_limit_reached" });
  });

  it("the third loop (of any family) flagging a tag halts with halt_loop", async () => {
    const a = await completeWith(api, "t5_alpha", tagged("anchoring"));
    const b = await completeWith(api, "t5_beta", tagged("anchoring", "recency"));
    const c = await completeWith(api, "t5_gamma", tagged("anchoring"));
    expect([a, b].map((x) => x.reflection_result.bias_echo)).toEqual([false, false]);
    expect(c.reflection_result).toMatchObject({
      bias_echo: true,
      repeated_tags: ["anchoring"],
      repetition_counts: { anchoring: 3 },
    });
    expect(c.decision_result).toMatchObject({
      decision: "halt",
      finalize_reason: "bias_echo_detected",
      action: "halt_loop",
      repeated_tags: ["anchoring"],
      force_finalize: true,
    });
    const rows = await handle.db.select().from(biasHistory).where(eq(biasHistory.tag, "anchoring"));
    expect(rows.map((r) => r.loopId).sort()).toEqual(["t5_alpha", "t5_beta", "t5_gamma"]);
    // Completing a loop again replaces its tags instead of counting them twice.
    await completeWith(api, "t5_alpha", tagged("anchoring"));
    expect(await handle.db.select().from(biasHistory).where(eq(biasHistory.tag, "anchoring"))).toHaveLength(3);
    const [gamma] = await handle.db.select().from(loopTraces).where(eq(loopTraces.loopId, "t5_gamma"));
    expect(gamma).toMatchObject({ biasEcho: true, repeatedTags: ["anchoring"], forceFinalize: true, decision: "halt" });
  });

  it("fatigue adds 0.15 without improvement and takes 0.05 with one; 0.6 ≥ 0.5 finalizes", async () => {
    const lab = { agent_key: "loop-lab" };
    const fatigue: number[] = [];
    for (const id of ["t6_loop", "t6_loop_r1", "t6_loop_r2", "t6_loop_r3"]) {
      fatigue.push((await completeWith(api, id, REFERENCE_REFLECTION, lab)).reflection_result.reflection_fatigue);
    }
    const last = await completeWith(api, "t6_loop_r4", REFERENCE_REFLECTION);
    fatigue.push(last.reflection_result.reflection_fatigue);
    expect(fatigue).toEqual([0, 0.15, 0.3, 0.45, 0.6]);
    // max_reruns 10 came from the agent (and the family keeps it without agent_key): fatigue stopped it.
    expect(last.decision_result).toMatchObject({
      decision: "finalize",
      finalize_reason: "fatigue_threshold_exceeded",
      max_reruns: 10,
    });

    await runFamily("t6_better", 1);
    const improved = await completeWith(api, "t6_better_r2", {
      ...REFERENCE_REFLECTION,
      alignment_score: 0.74,
      drift_score: 0.22,
    });
    expect(improved.reflection_result.reflection_fatigue).toBe(0.1);
  });
});

describe("fatigue override from the API", () => {
  it("override_fatigue on a fatigue-finalized loop lets the next completion rerun", async () => {
    const lab = { agent_key: "loop-lab" };
    for (const id of ["f_loop", "f_loop_r1", "f_loop_r2", "f_loop_r3", "f_loop_r4"])
      await completeWith(api, id, REFERENCE_REFLECTION, lab);
    const response = await api.override("f_loop_r4", {
      override_fatigue: true,
      override_by: "operator",
      override_reason: "scores are noisy at this size",
    });
    expect((await response.json()).force_finalize).toBe(false);
    const again = await api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: "f_loop_r4" });
    expect((await again.json()).decision_result).toMatchObject({ decision: "rerun", new_loop_id: "f_loop_r5" });
  });
});

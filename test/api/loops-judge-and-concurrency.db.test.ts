import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { biasHistory, loopTraces } from "@/db/schema";
import { createScriptedProvider, fail } from "@/lib/engine/testing/scripted-provider";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { startTestApp, tableCounts } from "../support/focal-test-app";
import { completeWith, loopApi, loopApiKey, REFERENCE_LOOP_COMPLETE, REFERENCE_REFLECTION } from "../support/loop-api";

let handle: DatabaseHandle;
let api: ReturnType<typeof loopApi>;
beforeAll(async () => {
  handle = await startTestApp();
  api = loopApi(await loopApiKey(handle, ["loops:write", "loops:read"]));
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

describe("goal and output: Focal's judge computes the reflection", () => {
  it("a rude draft is judged by the offline PESSIMIST and reruns; its tags enter the global history", async () => {
    const response = await api.complete({
      ...REFERENCE_LOOP_COMPLETE,
      loop_id: "judged_loop",
      goal: "Explain the refund policy for order 123",
      output: "Obviously the refund policy for order 123 is your fault to read.",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.reflection_result).toMatchObject({
      reflection_persona: "PESSIMIST",
      summary_valid: false,
      bias_echo: false,
    });
    expect(body.reflection_result.alignment_score).toBeLessThan(0.75);
    expect(body.decision_result).toMatchObject({ decision: "rerun", new_loop_id: "judged_loop_r1" });
    const tags = await handle.db.select().from(biasHistory).where(eq(biasHistory.loopId, "judged_loop"));
    expect(tags.map((t) => t.tag).sort()).toEqual(["tone:blame", "tone:sarcasm"]);
  });

  it("a model failure → 503 naming the reason, nothing stored", async () => {
    overrideHostPorts({ model: createScriptedProvider({ judge: [fail("rate_limited")] }) });
    const before = await tableCounts(handle);
    const response = await api.complete({ ...REFERENCE_LOOP_COMPLETE, loop_id: "unjudged", goal: "g", output: "o" });
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatchObject({
      code: "UNAVAILABLE",
      message: expect.stringMatching(/rate_limited/),
    });
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("concurrent completions", () => {
  it("completions of one family are serialized: every rerun id is handed out once, the limit holds", async () => {
    await completeWith(api, "busy_loop");
    // Three concurrent re-completions of busy_loop (1 rerun issued, max 3): two more reruns, then the limit.
    const bodies = await Promise.all([1, 2, 3].map(() => completeWith(api, "busy_loop")));
    const reruns = bodies
      .filter((b) => b.decision_result.decision === "rerun")
      .map((b) => b.decision_result.new_loop_id);
    expect(reruns.sort()).toEqual(["busy_loop_r2", "busy_loop_r3"]);
    expect(bodies.map((b) => b.decision_result.finalize_reason).filter(Boolean)).toEqual(["rerun_limit_reached"]);
  });

  it("the global bias history is exact under concurrency: exactly the third flag of a tag halts", async () => {
    const tagged = { ...REFERENCE_REFLECTION, bias_tags: [{ tag: "concurrent_echo" }] };
    const bodies = await Promise.all(["fam_a", "fam_b", "fam_c"].map((id) => completeWith(api, id, tagged)));
    expect(bodies.map((b) => b.decision_result.decision).sort()).toEqual(["halt", "rerun", "rerun"]);
    const rows = await handle.db.select().from(biasHistory).where(eq(biasHistory.tag, "concurrent_echo"));
    expect(rows).toHaveLength(3);
    const halted = await handle.db.select().from(loopTraces).where(eq(loopTraces.decision, "halt"));
    expect(halted).toHaveLength(1);
  });
});

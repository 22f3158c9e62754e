import { describe, expect, it } from "vitest";
import { createScriptedProvider, fail, judged } from "@/lib/engine/testing/scripted-provider";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { judgeLoopReflection } from "./judge-reflection";

const offline = { model: createOfflineProvider(), embedder: createOfflineEmbedder() };
const GOAL = "Summarise the refund policy for order 123";

describe("judgeLoopReflection (goal + output → reflection)", () => {
  it("a clean, on-topic output: alignment 0.95 from the offline PESSIMIST, drift 0 above the relevance bar", async () => {
    const judgedLoop = await judgeLoopReflection(offline, {
      goal: GOAL,
      output:
        "The refund policy for order 123: refunds up to $50 are approved at once; larger refunds go to a specialist.",
      relevanceThreshold: 0.5,
    });
    expect(judgedLoop).toMatchObject({
      ok: true,
      reflection: {
        alignment_score: 0.95,
        drift_score: 0,
        summary_valid: true,
        reflection_persona: "PESSIMIST",
        bias_tags: [],
      },
    });
    if (judgedLoop.ok) expect(judgedLoop.similarity).toBeGreaterThanOrEqual(0.5);
  });

  it("an off-topic output drifts: drift = 1 − similarity / relevance_threshold", async () => {
    const judgedLoop = await judgeLoopReflection(offline, {
      goal: GOAL,
      output: "The weather in Paris is sunny today.",
      relevanceThreshold: 0.5,
    });
    if (!judgedLoop.ok) throw new Error("offline judge failed");
    expect(judgedLoop.reflection.drift_score).toBeCloseTo(1 - judgedLoop.similarity / 0.5, 2);
    expect(judgedLoop.reflection.drift_score).toBeGreaterThan(0.25);
  });

  it("a rude output fails the judge: its tone tags become bias tags", async () => {
    const judgedLoop = await judgeLoopReflection(offline, {
      goal: GOAL,
      output: "Obviously the refund policy for order 123 is your fault to read. Calm down.",
      relevanceThreshold: 0.5,
    });
    expect(judgedLoop).toMatchObject({
      ok: true,
      reflection: {
        summary_valid: false,
        bias_tags: [
          { tag: "tone:blame", source: "pessimist" },
          { tag: "tone:dismissive", source: "pessimist" },
          { tag: "tone:sarcasm", source: "pessimist" },
        ],
      },
    });
    if (judgedLoop.ok) expect(judgedLoop.reflection.alignment_score).toBeLessThan(0.75);
  });

  it("asks the judge with the goal as the rule and the output as the reply; a failed call is reported", async () => {
    const model = createScriptedProvider({ judge: [judged(true, { score: 0.8 }), fail("timeout")] });
    const ports = { model, embedder: offline.embedder };
    const first = await judgeLoopReflection(ports, { goal: GOAL, output: GOAL, relevanceThreshold: 0.5 });
    expect(first).toMatchObject({ ok: true, reflection: { alignment_score: 0.8, drift_score: 0 } });
    expect(model.requestsOf("judge")[0]).toMatchObject({
      rule: { id: "loop_goal", actionText: `Fulfil this goal: ${GOAL}` },
      message: GOAL,
      response: GOAL,
    });
    expect(await judgeLoopReflection(ports, { goal: GOAL, output: "x", relevanceThreshold: 0.5 })).toMatchObject({
      ok: false,
      reason: "timeout",
    });
  });
});

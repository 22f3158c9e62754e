import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { cachedSparseVector } from "@/lib/providers/offline/embedder";
import { demoSenseRequest } from "@/test/support/demo-model-requests";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import { emptySessionState, type SessionState } from "../../contracts/session-state";
import type { TurnOutcome } from "../../contracts/turn-outcome";
import { runTurn } from "../../pipeline/run-turn";
import { firstMessage } from "../../testing/first-turn";
import { sequentialIds, staticToolRunner, steppingClock } from "../../testing/fixed-ports";
import { createScriptedProvider, generated } from "../../testing/scripted-provider";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { senseLocally } from "./local-sensor";

const embedder = createOfflineEmbedder();
// The vectors the engine gives the sensor with the default offline embedder (its `embedSparse`).
const vectorOf = cachedSparseVector;
let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

function offlinePorts() {
  return {
    model: createOfflineProvider(),
    embedder,
    tools: staticToolRunner(),
    clock: steppingClock(),
    ids: sequentialIds(),
  };
}

async function play(messages: string[], continuityEnabled: boolean): Promise<TurnOutcome[]> {
  const ports = offlinePorts();
  let session: SessionState = emptySessionState();
  const outs: TurnOutcome[] = [];
  for (const [i, message] of messages.entries()) {
    const out = await runTurn(agent, session, { message, turnId: `france-${i}`, continuityEnabled }, ports);
    outs.push(out);
    session = out.session;
  }
  return outs;
}

describe("the demo's own conversation with the offline provider", () => {
  it('"how much will I get back?" mid-refund stays in Refund, and continuity then picks an offered order', async () => {
    const outs = await play(
      ["I'm in France and want a refund for order 123", "yes", "how much will I get back?", "open the sample2 pls"],
      true,
    );
    const third = outs[2];
    expect(third?.session.activeScenarioId).toBe("scenario:refund");
    const sensor = third?.spans.find((s) => s.name === "sensor");
    expect(sensor?.attributes.detected_intent).toBe("refund_request");
    expect(sensor?.attributes).toMatchObject({ decided_by: "local", local_decision: "stay" });
    const routing = third?.spans.find((s) => s.name === "routing");
    expect(routing?.attributes.action).not.toBe("switch");
    const fourth = outs[3];
    expect(fourth?.session.activeScenarioId).toBe("scenario:refund");
    expect(fourth?.spans.find((s) => s.name === "continuity")?.decision).toMatch(/^resolved/);
    expect(fourth?.response).toContain("sample2");
  });

  it.each([
    ["cancel", "exit"],
    ["How much does the blue kettle cost?", "switch"],
  ])("mid-refund, %j leaves (%s)", async (message, action) => {
    const outs = await play(["I'm in France and want a refund for order 123", "yes", message], false);
    expect(outs[2]?.spans.find((s) => s.name === "routing")?.attributes.action).toBe(action);
  });
});

describe("the local sensor in the engine", () => {
  it("skips the model sensor on a clear turn and says why in the span", async () => {
    const model = createScriptedProvider({ generate: () => generated("Which order is it?") });
    const out = await firstMessage(agent, "I want my money back", "l1", model, embedder);
    expect(model.requestsOf("sense")).toEqual([]);
    expect(out.modelCalls).toBe(1);
    const sensor = out.spans.find((s) => s.name === "sensor");
    expect(sensor?.attributes).toMatchObject({
      decided_by: "local",
      local_threshold: 0.85,
      detected_intent: "refund_request",
    });
    expect(sensor?.attributes.local_confidence).toBeGreaterThanOrEqual(0.85);
  });

  it("asks the model when a declared entity is stated but not extracted", async () => {
    const model = createScriptedProvider({ generate: () => generated("Which order is it?") }, createOfflineProvider());
    const out = await firstMessage(agent, "I want my money back, I live in Absurdistan", "l2", model, embedder);
    expect(model.requestsOf("sense")).toHaveLength(1);
    const sensor = out.spans.find((s) => s.name === "sensor");
    expect(sensor?.attributes).toMatchObject({ decided_by: "model", local_unextracted: ["country"] });
  });

  it("asks the model when its confidence is below sensor.local_confidence", async () => {
    const snapshot = snapshotFromBundle(demo);
    const strict = await compileAgent(
      { ...snapshot, settings: { ...snapshot.settings, sensor: { ...snapshot.settings.sensor, local_confidence: 1 } } },
      embedder,
    );
    const model = createScriptedProvider({}, createOfflineProvider());
    const out = await firstMessage(strict, "I want my money back", "l3", model, embedder);
    expect(model.requestsOf("sense")).toHaveLength(1);
    expect(out.spans.find((s) => s.name === "sensor")?.attributes).toMatchObject({
      decided_by: "model",
      local_threshold: 1,
    });
  });
});

describe("senseLocally", () => {
  it("keeps short price mentions mid-refund and lets a request of its own switch", () => {
    const stay = senseLocally(demoSenseRequest("what about the price?", { step: "verify" }), vectorOf);
    expect(stay.decision).toBe("stay");
    const leave = senseLocally(
      demoSenseRequest("by the way, how much is shipping to Germany?", { step: "verify" }),
      vectorOf,
    );
    expect(leave).toMatchObject({ decision: "switch", context: { detected_intent: "pricing_question" } });
  });

  it("lets a weakly anchored message leave for a scenario it asks for in that scenario's words", () => {
    const out = senseLocally(
      demoSenseRequest("I'd like to return my order and get refunded", { step: "identify_product" }),
      vectorOf,
    );
    expect(out.context.detected_intent).toBe("refund_request");
  });

  it("exits only a scenario that is active: with none, an exit phrase is scored like any request", () => {
    expect(senseLocally(demoSenseRequest("stop it please", { step: "verify" }), vectorOf).decision).toBe("exit");
    expect(senseLocally(demoSenseRequest("stop it please"), vectorOf).decision).not.toBe("exit");
  });

  it("never claims more than 0.99, so 1 always asks the model", () => {
    const out = senseLocally(demoSenseRequest("I want my money back"), vectorOf);
    expect(out.confidence).toBeLessThanOrEqual(0.99);
  });
});

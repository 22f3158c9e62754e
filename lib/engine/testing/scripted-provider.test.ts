import { describe, expect, it } from "vitest";
import type { GenerateRequest, JudgeRequest, SenseRequest } from "../contracts/model";
import type { ModelProvider } from "../ports";
import { createScriptedProvider, fail, generated, judged, ok, sensed } from "./scripted-provider";

const senseRequest: SenseRequest = {
  message: "I want my money back",
  history: [],
  intents: [{ label: "refund_request", kind: "scenario", description: "Refunds", examples: ["refund please"] }],
  profileFields: [],
  activeScenario: null,
  activeStep: null,
};

const generateRequest: GenerateRequest = {
  agentName: "Refund desk",
  message: "hi",
  history: [],
  ruleActions: [],
  step: null,
  scenario: null,
  toolOutputs: [],
  profile: {},
  missingVariables: [],
  violations: [],
  responseVariables: [],
};

const judgeRequest: JudgeRequest = {
  rule: { id: "r1", name: "Be polite", actionText: "No sarcasm", conditionText: "always" },
  message: "hi",
  response: "hello",
};

describe("scripted provider", () => {
  it("replays each method's results in order and records every request", async () => {
    const provider = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 }), fail("timeout")],
      generate: [generated("first draft"), generated("second draft")],
    });
    expect(provider.name).toBe("scripted");
    expect(await provider.sense(senseRequest)).toMatchObject({
      ok: true,
      value: { detected_intent: "refund_request" },
    });
    expect(await provider.generate(generateRequest)).toMatchObject({ ok: true, value: { text: "first draft" } });
    expect(await provider.sense({ ...senseRequest, message: "again" })).toEqual({
      ok: false,
      reason: "timeout",
      message: "scripted timeout",
      model: "scripted-v1",
    });
    expect(await provider.generate(generateRequest)).toMatchObject({ value: { text: "second draft" } });
    expect(provider.calls.map((c) => c.method)).toEqual(["sense", "generate", "sense", "generate"]);
    expect(provider.requestsOf("sense").map((r) => r.message)).toEqual(["I want my money back", "again"]);
    expect(provider.remaining("sense")).toBe(0);
    expect(provider.remaining("judge")).toBe(0);
  });

  it("records a snapshot of the request, not a live reference", async () => {
    const provider = createScriptedProvider({ generate: [generated("x")] });
    const request = structuredClone(generateRequest);
    await provider.generate(request);
    request.violations.push({ ruleName: "later", actionText: "", detail: "" });
    expect(provider.requestsOf("generate")[0]?.violations).toEqual([]);
  });

  it("answers through functions of the request, without running out", async () => {
    const provider = createScriptedProvider({
      judge: (request, index) => judged(!request.response.includes("obviously"), { score: index / 10 }),
    });
    expect(await provider.judge(judgeRequest)).toMatchObject({ value: { passed: true, score: 0 } });
    expect(await provider.judge({ ...judgeRequest, response: "obviously not" })).toMatchObject({
      value: { passed: false, score: 0.1 },
    });
    expect(provider.remaining("judge")).toBe(Number.POSITIVE_INFINITY);
  });

  it("fails loudly when the script runs out and there is no fallback", async () => {
    const provider = createScriptedProvider({ generate: [generated("only one")] });
    await provider.generate(generateRequest);
    await expect(provider.generate(generateRequest)).rejects.toThrow(
      /generate call #2 has no answer \(all 1 scripted generate result\(s\) were used\)/,
    );
    await expect(provider.sense(senseRequest)).rejects.toThrow(/no sense results were scripted/);
  });

  it("hands over to the fallback provider when the script runs out", async () => {
    const fallback: ModelProvider = {
      name: "fake",
      model: "fake-1",
      sense: async () => sensed({ detected_intent: "fallback" }),
      generate: async () => generated("from fallback"),
      judge: async () => judged(true),
      extract: async () => ok({ refund_amount: 10 }),
    };
    const provider = createScriptedProvider({ generate: [generated("scripted")] }, fallback);
    expect(await provider.generate(generateRequest)).toMatchObject({ value: { text: "scripted" } });
    expect(await provider.generate(generateRequest)).toMatchObject({ value: { text: "from fallback" } });
    expect(await provider.extract?.({ response: "x", variables: [] })).toMatchObject({ value: { refund_amount: 10 } });
    expect(provider.calls.map((c) => c.answeredBy)).toEqual(["script", "fallback", "fallback"]);
  });

  it("offers extract only when the script or the fallback can answer it", async () => {
    expect(createScriptedProvider({}).extract).toBeUndefined();
    const provider = createScriptedProvider({ extract: [ok({ refund_amount: 75 })] });
    expect(await provider.extract?.({ response: "I'll refund $75", variables: [] })).toMatchObject({
      ok: true,
      value: { refund_amount: 75 },
    });
  });

  it("hands out copies, so a test cannot corrupt its own script", async () => {
    const result = sensed({ entities: { country: "France" } });
    const provider = createScriptedProvider({ sense: [result] });
    const answer = await provider.sense(senseRequest);
    if (answer.ok) answer.value.entities.country = "Spain";
    expect(result).toMatchObject({ value: { entities: { country: "France" } } });
  });
});

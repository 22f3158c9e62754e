import { describe, expect, it } from "vitest";
import { demoGenerateRequest, demoLookupOutput, demoRule, demoSenseRequest } from "@/test/support/demo-model-requests";
import { createOfflineEmbedder, createOfflineProvider } from "./index";

describe("offline provider", () => {
  const provider = createOfflineProvider();

  it("names itself for provenance", () => {
    expect(provider.name).toBe("offline");
    expect(provider.model).toBe("offline-v1");
    expect(createOfflineEmbedder().name).toBe("offline-ngram");
  });

  it("answers every method with a value, estimated usage and the model name", async () => {
    const sense = await provider.sense(demoSenseRequest("I'm in France and want a refund for order 123"));
    expect(sense).toMatchObject({ ok: true, model: "offline-v1", value: { detected_intent: "refund_request" } });
    if (!sense.ok) throw new Error("unreachable");
    expect(sense.usage.inputTokens).toBeGreaterThan(50);
    expect(sense.usage.outputTokens).toBeGreaterThan(5);

    const generate = await provider.generate(
      demoGenerateRequest("refund order 123", {
        step: "ask_order",
        ruleActions: [demoRule("max-refund")],
        toolOutputs: [demoLookupOutput()],
        profile: { order_id: "123" },
      }),
    );
    expect(generate).toMatchObject({ ok: true, value: { text: expect.stringContaining("$75 refund") } });
    if (!generate.ok) throw new Error("unreachable");
    expect(generate.usage.outputTokens).toBe(Math.ceil(generate.value.text.length / 4));

    const judge = await provider.judge({
      rule: { id: "r", name: "Be polite", actionText: "No sarcasm", conditionText: "" },
      message: "hi",
      response: "Calm down, it's obviously your fault.",
    });
    expect(judge).toMatchObject({ ok: true, value: { passed: false } });

    const extract = await provider.extract?.({
      response: "I found order 123: $75.00, delivered. I can refund $50 right away.",
      variables: [
        { name: "refund_amount", type: "number", description: "" },
        { name: "competitor_mentioned", type: "boolean", description: "" },
      ],
    });
    expect(extract).toMatchObject({ ok: true, value: { refund_amount: 50 } });
    if (extract?.ok) expect(Object.keys(extract.value)).toEqual(["refund_amount"]);
  });

  it("is deterministic across two runs of the demo conversation", async () => {
    const run = async () => {
      const p = createOfflineProvider();
      return [
        await p.sense(demoSenseRequest("I'm in France and want a refund for order 123")),
        await p.sense(demoSenseRequest("what if I wanted a refund?")),
        await p.sense(demoSenseRequest("open the sample2 pls", { step: "look_up_order" })),
        await p.generate(
          demoGenerateRequest("can you show me my orders?", {
            step: "look_up_order",
            toolOutputs: [demoLookupOutput()],
          }),
        ),
      ];
    };
    expect(await run()).toEqual(await run());
  });
});

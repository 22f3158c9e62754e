import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { resolveAgentSettings } from "../contracts/agent-settings";
import { firstMessage, firstTurn } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, fail, generated, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";

// Turns that hand the conversation to a person (docs/handoffs.md), through the whole pipeline.

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

describe("handoff turns", () => {
  it("a customer asking for a person hands off with no model call", async () => {
    const model = createScriptedProvider({});
    const out = await firstMessage(agent, "Can I please speak to a real agent?", "h1", model, embedder);
    expect(out.outcome).toBe("handoff");
    expect(out.handoff?.reason).toBe("customer_request");
    expect(out.response).toBe(agent.snapshot.settings.handoff.message);
    expect(out.modelCalls).toBe(0);
    expect(out.spans.map((s) => s.name)).toEqual(["privacy", "input_safety", "language", "sensor"]);
    expect(out.detectedIntent).toBe("handoff_request");
  });

  it("an agent without request examples does not recognise the request", async () => {
    const settings = resolveAgentSettings({ handoff: { request_examples: [] } });
    const quiet = await compileAgent({ ...snapshotFromBundle(demo), settings }, embedder);
    const out = await firstTurn(
      quiet,
      { message: "talk to a human", turnId: "h2" },
      testPorts(
        createScriptedProvider({
          sense: [sensed({ detected_intent: null, intent_confidence: 0.2 })],
          generate: [generated("How can I help?")],
        }),
        embedder,
      ),
    );
    expect(out.outcome).not.toBe("handoff");
  });

  it("the second fallback in a row hands off (fallbacks_before_handoff 2); the first does not", async () => {
    const failing = () => createScriptedProvider({ sense: [fail("timeout")], generate: [fail("timeout")] });
    const message = "I want my money back for order 123";
    const first = await firstTurn(agent, { message, turnId: "f1", fallbackStreak: 0 }, testPorts(failing(), embedder));
    expect(first.outcome).toBe("fallback");
    const second = await firstTurn(agent, { message, turnId: "f2", fallbackStreak: 1 }, testPorts(failing(), embedder));
    expect(second.outcome).toBe("handoff");
    expect(second.handoff).toEqual({ reason: "repeated_fallback", detail: "2 fallbacks in a row" });
    expect(second.fallbackReason).toBe("timeout");
  });

  it("the operator's return note reaches the generation request, only when there is one", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: null, intent_confidence: 0.2 })],
      generate: [generated("Happy to help with anything else.")],
    });
    await firstTurn(
      agent,
      { message: "thanks, anything else?", turnId: "n1", operatorNote: "Refund of $80 approved by Sam." },
      testPorts(model, embedder),
    );
    expect(model.requestsOf("generate")[0]).toMatchObject({ operatorNote: "Refund of $80 approved by Sam." });
    const plain = createScriptedProvider({
      sense: [sensed({ detected_intent: null, intent_confidence: 0.2 })],
      generate: [generated("Happy to help.")],
    });
    await firstMessage(agent, "thanks", "n2", plain, embedder);
    expect(plain.requestsOf("generate")[0]).not.toHaveProperty("operatorNote");
  });
});

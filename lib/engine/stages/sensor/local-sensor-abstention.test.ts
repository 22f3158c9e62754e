import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import { emptySessionState } from "../../contracts/session-state";
import type { TurnOutcome } from "../../contracts/turn-outcome";
import { runTurn } from "../../pipeline/run-turn";
import type { ModelProvider } from "../../ports";
import { testPorts } from "../../testing/fixed-ports";
import { createScriptedProvider, generated, sensed } from "../../testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "../../testing/snapshot-from-bundle";

// The local sensor abstains instead of guessing: with a model configured it decides alone only a
// positive routing (enter, stay, move on, switch, exit), and the model's "no intent" enters nothing;
// with no model, a message between two scenarios gets one question naming both and a message far from
// every scenario gets the agent's out-of-scope reply.

const embedder = createOfflineEmbedder();
let refundDesk: CompiledAgent;
/** Two scenarios a message about "my address" cannot tell apart, and one far from both. */
let addressDesk: CompiledAgent;

const step = [{ key: "help", name: "Help", instructions: "Help the customer." }];
beforeAll(async () => {
  refundDesk = await compileAgent(snapshotFromBundle(demo), embedder);
  addressDesk = await compileAgent(
    snapshotFromBundle({
      focal_bundle: 1,
      agent: { key: "address-desk", name: "Address desk" },
      scenarios: [
        {
          key: "delivery_address",
          name: "Delivery address",
          intent_label: "delivery_address_change",
          entry_examples: ["I need to change my delivery address", "send my parcel to another address"],
          entry_step: "help",
          steps: step,
        },
        {
          key: "billing_address",
          name: "Billing address",
          intent_label: "billing_address_change",
          entry_examples: ["I need to change my billing address", "the address on my invoice is wrong"],
          entry_step: "help",
          steps: step,
        },
        {
          key: "opening_hours",
          name: "Opening hours",
          intent_label: "opening_hours",
          entry_examples: ["when are you open?", "what are your opening hours on Sunday?"],
          entry_step: "help",
          steps: step,
        },
      ],
    }),
    embedder,
  );
});

const attributesOf = (out: TurnOutcome, stage: string) => out.spans.find((s) => s.name === stage)?.attributes ?? {};

async function firstTurn(agent: CompiledAgent, message: string, model: ModelProvider): Promise<TurnOutcome> {
  return runTurn(agent, emptySessionState(), { message, turnId: "abstain" }, testPorts(model, embedder));
}

describe("with a model configured", () => {
  it('never decides "no scenario fits" alone: the model sensor is asked', async () => {
    const model = createScriptedProvider({ sense: [sensed()], generate: () => generated("How can I help?") });
    const out = await firstTurn(refundDesk, "can you set an alarm for me", model);
    expect(model.requestsOf("sense")).toHaveLength(1);
    expect(attributesOf(out, "sensor")).toMatchObject({
      decided_by: "model",
      local_decision: "out_of_scope",
      decided_why: "local out_of_scope: the model decides that",
    });
    // The local verdict would have cleared the threshold on its own.
    expect(attributesOf(out, "sensor").local_confidence).toBeGreaterThanOrEqual(0.85);
    expect(out.session.activeScenarioId).toBeNull();
  });

  it("still decides a clear entry alone", async () => {
    const model = createScriptedProvider({ generate: () => generated("Which order is it?") });
    const out = await firstTurn(refundDesk, "I want my money back", model);
    expect(model.requestsOf("sense")).toEqual([]);
    expect(attributesOf(out, "sensor")).toMatchObject({ decided_by: "local", local_decision: "enter" });
    expect(out.session.activeScenarioId).toBe("scenario:refund");
  });

  it('lets the model\'s "no intent" win over a scenario the message resembles', async () => {
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: () => generated("I can't check the weather."),
    });
    const out = await firstTurn(refundDesk, "what's the weather like in Paris?", model);
    expect(model.requestsOf("sense")).toHaveLength(1);
    // Pricing's examples ("what's the price of shipping to France?") look close enough to enter on similarity…
    const pricing = (attributesOf(out, "retrieval").scenarios as { intentLabel: string; similarity: number }[]).find(
      (s) => s.intentLabel === "pricing_question",
    );
    expect(pricing?.similarity).toBeGreaterThanOrEqual(0.3);
    // …but the model said no intent, so no scenario is entered.
    expect(out.session.activeScenarioId).toBeNull();
    expect(attributesOf(out, "routing").action).toBe("none");
    expect(out.spans.find((s) => s.name === "routing")?.decision).toBe("none: the sensor named no intent");
  });

  it("switches to no other scenario when the model names no intent mid-scenario", async () => {
    // Every turn asks the model; without its "no intent" winning, routing would switch on similarity
    // (Pricing's step is finished, so Refund needs only min_transition_score).
    const asksModel = await compileAgent(withModelSensor(snapshotFromBundle(demo)), embedder);
    const model = createScriptedProvider({ sense: [sensed()], generate: () => generated("Anything else?") });
    const session = {
      ...emptySessionState(),
      activeScenarioId: "scenario:pricing",
      activeStepId: "step:pricing/quote_price",
    };
    const out = await runTurn(
      asksModel,
      session,
      { message: "I'd like to return my order and get refunded", turnId: "mid" },
      testPorts(model, embedder),
    );
    const refund = (attributesOf(out, "retrieval").scenarios as { intentLabel: string; similarity: number }[]).find(
      (s) => s.intentLabel === "refund_request",
    );
    expect(refund?.similarity).toBeGreaterThanOrEqual(0.3);
    expect(out.session.activeScenarioId).toBe("scenario:pricing");
    expect(out.spans.find((s) => s.name === "routing")?.decision).toMatch(/the sensor named no intent/);
  });
});

describe("with no model (the offline provider)", () => {
  it("asks one short question naming both scenarios when a message falls between them", async () => {
    const out = await firstTurn(addressDesk, "I need to change my address", createOfflineProvider());
    expect(out.outcome).toBe("clarified");
    // Both named, the closer one first ("I need to change my … address" is an example of each).
    expect(out.response).toMatch(
      /^Do you mean a (delivery|billing) address change or a (delivery|billing) address change\?$/,
    );
    expect(out.session.activeScenarioId).toBeNull();
    expect(new Set(attributesOf(out, "ambiguity").between as string[])).toEqual(
      new Set(["a delivery address change", "a billing address change"]),
    );
  });

  it("gives the agent's out-of-scope reply to a message far from every scenario, entering none", async () => {
    const out = await firstTurn(refundDesk, "can you set an alarm for me", createOfflineProvider());
    expect(out.response).toBe(
      "Sorry, that's not something I can help with here. Is there anything else I can do for you?",
    );
    expect(out.session.activeScenarioId).toBeNull();
    expect(out.modelCalls).toBe(0);
    expect(attributesOf(out, "sensor")).toMatchObject({ local_decision: "out_of_scope" });
    expect(out.spans.find((s) => s.name === "generation")?.decision).toMatch(/^out-of-scope reply/);
  });

  it("says the designer's own out-of-scope reply when the agent sets one", async () => {
    const snapshot = snapshotFromBundle(demo);
    const agent = await compileAgent(
      {
        ...snapshot,
        settings: {
          ...snapshot.settings,
          sensor: { ...snapshot.settings.sensor, out_of_scope_reply: "I only handle refunds and prices." },
        },
      },
      embedder,
    );
    const out = await firstTurn(agent, "can you set an alarm for me", createOfflineProvider());
    expect(out.response).toBe("I only handle refunds and prices.");
  });
});

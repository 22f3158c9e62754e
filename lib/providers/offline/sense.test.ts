import { describe, expect, it } from "vitest";
import { demoSenseRequest } from "@/test/support/demo-model-requests";
import { AMBIGUITY_MARGIN, isExitRequest, isHypothetical, isNonActionable, offlineSense } from "./sense";

describe("offline sensor on the demo Refund desk", () => {
  it("plays the France example: refund_request, confident, with country and order id", () => {
    const context = offlineSense(demoSenseRequest("I'm in France and want a refund for order 123"));
    expect(context.detected_intent).toBe("refund_request");
    expect(context.intent_confidence).toBeGreaterThanOrEqual(0.85);
    expect(context.entities).toEqual({ country: "France", order_id: "123" });
    expect(context.is_ambiguous).toBe(false);
    expect(context.ambiguity_reason).toBeNull();
  });

  it.each([
    ["I want a refund for order 456, it arrived broken", "refund_request"],
    ["give me my money back", "refund_request"],
    ["How much does the blue kettle cost?", "pricing_question"],
    ["what's the price of the toaster?", "pricing_question"],
  ])("routes %j to %s with confidence ≥ 0.85", (message, intent) => {
    const context = offlineSense(demoSenseRequest(message));
    expect(context.detected_intent).toBe(intent);
    expect(context.intent_confidence).toBeGreaterThanOrEqual(0.85);
    expect(context.is_ambiguous).toBe(false);
  });

  it("reports no intent, with low confidence, for an unrelated message", () => {
    const context = offlineSense(demoSenseRequest("what is the weather like in Paris today"));
    expect(context.detected_intent).toBeNull();
    expect(context.intent_confidence).toBeLessThan(0.3);
    expect(context.is_ambiguous).toBe(false);
  });

  it.each(["what if I wanted a refund?", "hypothetically, could I return the kettle?", "Suppose I sent it back?"])(
    "treats the hypothetical %j as ambiguous, so the engine clarifies instead of acting",
    (message) => {
      const context = offlineSense(demoSenseRequest(message));
      expect(context.is_ambiguous).toBe(true);
      expect(context.ambiguity_reason).toMatch(/hypothetically/);
    },
  );

  it("names the scenario in the hypothetical clarifier", () => {
    expect(offlineSense(demoSenseRequest("what if I wanted a refund?")).ambiguity_reason).toContain("refund request");
  });

  it.each(["hmm", "?", "ok", "", "   ", "uhm..."])("treats %j (nothing actionable) as ambiguous", (message) => {
    const context = offlineSense(demoSenseRequest(message));
    expect(context.is_ambiguous).toBe(true);
    expect(context.detected_intent).toBeNull();
    expect(context.ambiguity_reason).toBeTruthy();
  });

  it("keeps a follow-up that points back at the conversation inside the active scenario (stickiness)", () => {
    const followUp = offlineSense(demoSenseRequest("what's the price I paid for it?", { step: "look_up_order" }));
    expect(followUp.detected_intent).toBe("refund_request");
    const fresh = offlineSense(demoSenseRequest("How much does the blue kettle cost?", { step: "look_up_order" }));
    expect(fresh).toMatchObject({ detected_intent: "pricing_question" });
    expect(fresh.intent_confidence).toBeGreaterThanOrEqual(0.85);
  });

  it("reads 'ok' after the agent spoke as an answer, not as noise", () => {
    const history = [{ role: "agent" as const, text: "Shall I send the refund to your original payment method?" }];
    expect(offlineSense(demoSenseRequest("ok", { step: "offer_refund", history })).is_ambiguous).toBe(false);
  });

  it("does not call 'maybe' at a yes/no step ambiguous: it just matches no transition", () => {
    const history = [{ role: "agent" as const, text: "Is this the order you mean?" }];
    const context = offlineSense(demoSenseRequest("maybe", { step: "look_up_order", history }));
    expect(context.is_ambiguous).toBe(false);
    expect(context.detected_intent).toBeNull();
  });

  it.each(["cancel", "ok never mind", "let's start over", "stop this", "I want to start again", "Forget it."])(
    "detects the exit intent in %j",
    (message) => {
      const context = offlineSense(demoSenseRequest(message, { step: "look_up_order" }));
      expect(context.detected_intent).toBe("exit");
      expect(context.intent_confidence).toBeGreaterThanOrEqual(0.85);
    },
  );

  it("does not take a request that merely contains 'cancel' as an exit", () => {
    expect(offlineSense(demoSenseRequest("cancel my order 123 and refund the money")).detected_intent).toBe(
      "refund_request",
    );
  });

  it.each([
    ["It's order 123", "ask_order", "transition:refund/ask_order->look_up_order"],
    ["open the sample2 pls", "look_up_order", "transition:refund/look_up_order->verify"],
    ["that's not my order", "look_up_order", "transition:refund/look_up_order->ask_order"],
    ["it arrived broken", "verify", "transition:refund/verify->offer_refund"],
  ] as const)("routes %j at step %s to its transition", (message, step, label) => {
    const context = offlineSense(demoSenseRequest(message, { step }));
    expect(context.detected_intent).toBe(label);
    expect(context.is_ambiguous).toBe(false);
  });

  it("does not call a transition and its own scenario's intent a tie", () => {
    // "wrong size" matches both the refund scenario's entry example and the verify → offer transition.
    const context = offlineSense(demoSenseRequest("wrong size", { step: "verify" }));
    expect(context.is_ambiguous).toBe(false);
  });

  it(`flags two plausible intents whose scores are within ${AMBIGUITY_MARGIN} of each other`, () => {
    const request = demoSenseRequest("I want a refund or a return");
    request.intents = [
      { label: "refund_request", kind: "scenario", description: "", examples: ["I want a refund"] },
      { label: "return_request", kind: "scenario", description: "", examples: ["I want a return"] },
    ];
    const context = offlineSense(request);
    expect(context.is_ambiguous).toBe(true);
    expect(context.ambiguity_reason).toBe("your message could mean a refund request or a return request");
  });

  it("returns only entities for fields the request declares", () => {
    const request = demoSenseRequest("I'm in France and want a refund for order 123");
    request.profileFields = request.profileFields.filter((f) => f.fieldName === "order_id");
    expect(offlineSense(request).entities).toEqual({ order_id: "123" });
  });

  it("is deterministic", () => {
    const request = demoSenseRequest("I'm a VIP from Germany, my order number is A-1042");
    expect(offlineSense(request)).toEqual(offlineSense(structuredClone(request)));
  });
});

describe("sensor helpers", () => {
  it("tells exits from requests that mention one", () => {
    expect(isExitRequest("please cancel")).toBe(true);
    expect(isExitRequest("the kettle won't stop leaking")).toBe(false);
  });

  it("tells hypotheticals from polite requests", () => {
    expect(isHypothetical("would it be possible in theory to get a refund?")).toBe(true);
    expect(isHypothetical("would it be possible to get a refund?")).toBe(false);
  });

  it("counts greetings as something to answer, not noise", () => {
    expect(isNonActionable("hello", [])).toBe(false);
    expect(isNonActionable("hmmm", [])).toBe(true);
  });
});

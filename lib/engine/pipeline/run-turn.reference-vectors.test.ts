import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import type { ModelProvider } from "../ports";
import { firstMessage, firstTurn } from "../testing/first-turn";
import { staticToolRunner, testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, fail, generated, judged, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "../testing/snapshot-from-bundle";
import { runTurn } from "./run-turn";

// The demo's running example "I'm in France and want a refund for order 123" (the first draft promises
// $75, lane 1 blocks it, the regenerated reply ships) and the engine's other fixed vectors (always-on
// GLOBAL rules, stickiness, the ambiguity trap, degradation; docs/pipeline.md), played through the
// whole pipeline with a scripted model (no network) and the offline embedder.

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
/** The demo with every turn asking the model sensor: the scripted Context is the turn's. */
let modelSensed: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
  modelSensed = await compileAgent(withModelSensor(snapshotFromBundle(demo)), embedder);
});

/** A turn of a session three turns into the refund scenario, at `step`. */
function turnInRefundAt(agent: CompiledAgent, step: string, message: string, turnId: string, model: ModelProvider) {
  const session: SessionState = {
    ...emptySessionState(),
    activeScenarioId: "scenario:refund",
    activeStepId: `step:refund/${step}`,
    turnIndex: 3,
  };
  return runTurn(agent, session, { message, turnId }, testPorts(model, embedder));
}

// The scripted model declares honestly what each draft commits to.
const refund = (amount: number) => ({
  refund_amount: { amount, currency: "USD" },
  competitor_mentioned: false,
  financial_advice_given: false,
});
const competitor = (named: boolean) => ({
  refund_amount: null,
  competitor_mentioned: named,
  financial_advice_given: false,
});

describe("demo example: I'm in France and want a refund for order 123", () => {
  it("looks the order up, catches the $75 refund promise and regenerates", async () => {
    const model = createScriptedProvider({
      sense: [
        sensed({
          detected_intent: "refund_request",
          intent_confidence: 0.95,
          entities: { country: "France", order_id: "123" },
        }),
      ],
      generate: [
        generated(
          "I found order 123 ($75.00, delivered). I'll process a $75 refund to your original payment method.",
          refund(75),
        ),
        generated(
          "I can refund $50 to your original payment method now; a specialist will review the rest within 2 business days.",
          refund(50),
        ),
      ],
      judge: () => judged(true, { reason: "polite" }),
    });
    const tools = staticToolRunner();
    const out = await firstMessage(
      agent,
      "I'm in France and want a refund for order 123",
      "t1",
      model,
      embedder,
      tools,
    );

    expect(out.outcome).toBe("regenerated");
    expect(out.response).toContain("$50");
    expect(out.response).not.toContain("$75 refund");
    expect(out.profileUpdates).toEqual({ country: "France", order_id: "123" });
    expect(tools.calls).toEqual([{ key: "lookup_order", input: { order_id: "123" } }]);
    expect(out.session.variables.order_amount).toBe(75);
    expect(out.violatedRuleIds).toEqual(["rule:max-refund"]);
    expect(out.provenance.regenerations).toBe(1);
    expect(out.provenance.scenario?.name).toBe("Refund");
    expect(out.provenance.rules_applied.map((r) => r.key)).toContain("max-refund");
    const failed = out.spans.find((s) => s.name === "enforcement")?.attributes.checks as {
      ruleKey: string;
      result: string;
      variables?: unknown;
    }[];
    expect(failed.find((c) => c.ruleKey === "max-refund")).toMatchObject({
      result: "failed",
      variables: { refund_amount: 75 },
    });
    // The regeneration was told why.
    expect(model.requestsOf("generate")[1]?.violations[0]).toMatchObject({
      ruleName: "Refunds above $50 need a specialist",
    });
    expect(out.spans.map((s) => s.name)).toEqual([
      "privacy",
      "input_safety",
      "language",
      "sensor",
      "ambiguity",
      "retrieval",
      "routing",
      "filtering",
      "variables",
      "tools",
      "generation",
      "extraction",
      "enforcement",
      "regeneration",
      "extraction",
      "enforcement",
    ]);
    expect(out.loops.map((l) => l.loopId)).toEqual(["turn_t1", "turn_t1_r1"]);
  });

  const stillPromising75 = () =>
    createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } })],
      generate: [generated("Here is a $75 refund.", refund(75)), generated("Fine: a $75 refund it is.", refund(75))],
      judge: () => judged(true),
    });

  it("hands off to a person when the regenerated draft still breaks max-refund (on_violation: handoff)", async () => {
    const model = stillPromising75();
    const out = await firstMessage(agent, "refund for order 123", "t2", model, embedder);
    expect(out.outcome).toBe("handoff");
    expect(out.handoff).toEqual({ reason: "rule", detail: "max-refund" });
    expect(out.response).toBe(agent.snapshot.settings.handoff.message);
    expect(out.fallbackReason).toBe("enforcement_exhausted");
    // enforcement.max_retries 1 (the default): exactly one regeneration.
    expect(model.requestsOf("generate")).toHaveLength(2);
  });

  it("falls back to the safe template when the rule keeps today's default (on_violation: fallback)", async () => {
    const model = stillPromising75();
    const rules = demo.rules.map((r) => (r.key === "max-refund" ? { ...r, on_violation: "fallback" } : r));
    const fallbackAgent = await compileAgent(snapshotFromBundle({ ...demo, rules }), embedder);
    const out = await firstMessage(fallbackAgent, "refund for order 123", "t2", model, embedder);
    expect(out.outcome).toBe("fallback");
    expect(out.fallbackReason).toBe("enforcement_exhausted");
    expect(out.handoff).toBeNull();
    expect(out.response).not.toMatch(/\$\s?75/);
  });
});

describe("GLOBAL hard constraints are always enforced", () => {
  it("blocks a weather answer that names a competitor though the rule was never retrieved", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: null, intent_confidence: 0.1 })],
      generate: [
        generated("It looks sunny today! By the way, QuickCart has a sale on umbrellas.", competitor(true)),
        generated("It looks sunny today. Is there anything about an order I can help with?", competitor(false)),
      ],
    });
    const out = await firstMessage(agent, "What's the weather like today?", "t3", model, embedder);
    const filtering = out.spans.find((s) => s.name === "filtering")?.attributes.matched as string[];
    expect(filtering).not.toContain("no-competitor-mentions");
    expect(out.violatedRuleIds).toEqual(["rule:no-competitor-mentions"]);
    expect(out.outcome).toBe("regenerated");
    expect(out.response).not.toContain("QuickCart");
  });

  it("catches a homoglyph-spelled competitor too", async () => {
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: [
        generated("Try Q\u200Buick\u0421art instead.", competitor(true)),
        generated("Try Q u i c k C a r t instead.", competitor(true)),
      ],
    });
    const out = await firstMessage(agent, "where else can I buy it?", "t4", model, embedder);
    expect(out.outcome).toBe("fallback");
    expect(out.response).not.toMatch(/quick/i);
  });
});

describe("stickiness: boost 0.15, exit threshold 0.85", () => {
  it('"price" mentioned during a refund stays in Refund', async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "pricing_question", intent_confidence: 0.7 })],
      generate: () => generated("The refund covers the item price. Could you tell me why you'd like a refund?"),
      judge: () => judged(true),
    });
    const out = await turnInRefundAt(agent, "verify", "what about the price?", "t5", model);
    expect(out.session.activeScenarioId).toBe("scenario:refund");
    const routing = out.spans.find((s) => s.name === "routing");
    expect(routing?.attributes).toMatchObject({ exit_intent_threshold: 0.85, stickiness_boost: 0.15 });
    expect(routing?.attributes.action).not.toBe("switch");
  });

  it("a pricing question at 0.85 or more does leave", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "pricing_question", intent_confidence: 0.92 })],
      generate: [generated("Which product are you asking about?")],
    });
    const out = await turnInRefundAt(agent, "verify", "How much does the blue kettle cost?", "t6", model);
    expect(out.session.activeScenarioId).toBe("scenario:pricing");
  });

  it('"cancel" always breaks stickiness', async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "exit", intent_confidence: 0.6 })],
      generate: [generated("Okay, I've stopped. What else can I do for you?")],
    });
    const out = await turnInRefundAt(agent, "verify", "cancel", "t7", model);
    expect(out.session.activeScenarioId).toBeNull();
    expect(out.spans.find((s) => s.name === "routing")?.attributes.action).toBe("exit");
  });

  it('"start over" leaves even when the sensor misses it', async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.5 })],
      generate: [generated("Sure.")],
    });
    const out = await turnInRefundAt(agent, "look_up_order", "start over", "t8", model);
    expect(out.session.activeScenarioId).toBeNull();
  });
});

describe("ambiguity trap: the sensor's flag stops the turn with a clarifier", () => {
  it("an ambiguous hypothetical clarifies instead of acting, with one model call", async () => {
    const model = createScriptedProvider({
      sense: [
        sensed({
          detected_intent: "refund_request",
          intent_confidence: 0.6,
          is_ambiguous: true,
          ambiguity_reason: "You asked hypothetically",
        }),
      ],
    });
    const tools = staticToolRunner();
    const out = await firstMessage(modelSensed, "what if I wanted a refund?", "t9", model, embedder, tools);
    expect(out.outcome).toBe("clarified");
    expect(out.response).toContain("You asked hypothetically");
    expect(out.modelCalls).toBe(1);
    expect(tools.calls).toEqual([]);
    expect(out.session.activeScenarioId).toBeNull();
    expect(out.spans.map((s) => s.name)).toEqual(["privacy", "input_safety", "language", "sensor", "ambiguity"]);
  });
});

describe("degradation: model faults never crash a turn", () => {
  it.each([["timeout"], ["rate_limited"], ["transport_error"], ["abstain"]] as const)(
    "sensor %s → safe clarifier",
    async (reason) => {
      const model = createScriptedProvider({ sense: [fail(reason)] });
      const out = await turnInRefundAt(modelSensed, "verify", "it arrived broken", "t10", model);
      expect(out.outcome).toBe("fallback");
      expect(out.fallbackReason).toBe(reason);
      expect(out.response).toContain("Could you tell me briefly why");
      expect(out.session.turnIndex).toBe(4);
    },
  );

  it("generation 429 → safe clarifier with rate_limited", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
      generate: [fail("rate_limited")],
    });
    const out = await firstMessage(modelSensed, "I want my money back", "t11", model, embedder);
    expect(out).toMatchObject({ outcome: "fallback", fallbackReason: "rate_limited", modelCalls: 2 });
  });
});

describe("budget: a clear turn costs one model call, two when the model senses", () => {
  it("generation only when the local sensor decides and no subjective hard rule is in play", async () => {
    const model = createScriptedProvider({ generate: [generated("Which product are you asking about?")] });
    const out = await firstMessage(agent, "How much does the blue kettle cost?", "t12", model, embedder);
    expect(out.outcome).toBe("answered");
    expect(out.modelCalls).toBe(1);
    const sensor = out.spans.find((s) => s.name === "sensor");
    expect(sensor?.attributes).toMatchObject({ decided_by: "local", local_threshold: 0.85 });
    expect(sensor?.attributes.local_confidence).toBeGreaterThanOrEqual(0.85);
    expect(model.requestsOf("sense")).toEqual([]);
  });

  it("sensor + generation when the model senses and no subjective hard rule is in play", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "pricing_question", intent_confidence: 0.9 })],
      generate: [generated("Which product are you asking about?")],
    });
    const out = await firstMessage(modelSensed, "How much does the blue kettle cost?", "t12", model, embedder);
    expect(out.outcome).toBe("answered");
    expect(out.modelCalls).toBe(2);
  });

  it("is deterministic: the same inputs give the same outcome and spans", async () => {
    const run = () =>
      firstTurn(
        agent,
        { message: "I'm in France and want a refund for order 123", turnId: "t13" },
        testPorts(
          createScriptedProvider({
            sense: [
              sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } }),
            ],
            generate: () => generated("I'll look into order 123."),
            judge: () => judged(true),
          }),
          embedder,
        ),
      );
    const [a, b] = [await run(), await run()];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

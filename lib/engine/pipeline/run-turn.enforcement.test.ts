import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { resolveAgentSettings } from "../contracts/agent-settings";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import { playFirstDraft } from "../stages/enforcement/corpus/run-corpus";
import { REPLIES_THAT_MUST_BE_BLOCKED, REPLIES_THAT_MUST_PASS } from "../stages/extraction/extraction-corpus";
import { firstMessage } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, generated, judged, judgedOnFacts, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { runTurn } from "./run-turn";

// The extraction corpus through the whole pipeline: lane 1 CEL over what the reply said, with the
// refund rule in play (a refund turn) and the GLOBAL rules always on.

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
let withRelevance: CompiledAgent;
beforeAll(async () => {
  const snapshot = snapshotFromBundle(demo);
  agent = await compileAgent(snapshot, embedder);
  withRelevance = await compileAgent(
    {
      ...snapshot,
      settings: resolveAgentSettings({ enforcement: { relevance_check_enabled: true, relevance_threshold: 0.2 } }),
    },
    embedder,
  );
});

const refundTurn = (): SessionState => ({
  ...emptySessionState(),
  activeScenarioId: "scenario:refund",
  activeStepId: "step:refund/offer_refund",
  turnIndex: 4,
});

async function firstDraftViolations(reply: string, n: number) {
  const model = createScriptedProvider({
    sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
    generate: [generated(reply), generated("Let me check that with a colleague.")],
    judge: judgedOnFacts,
  });
  const out = await runTurn(
    agent,
    refundTurn(),
    { message: "I want a refund for my order", turnId: `c${n}` },
    testPorts(model, embedder),
  );
  expect(out.spans.find((s) => s.name === "filtering")?.attributes.matched).toContain("max-refund");
  return out;
}

describe("adversarial replies through lane 1", () => {
  it(`blocks all ${REPLIES_THAT_MUST_BE_BLOCKED.length} replies that break a hard rule, and never ships one`, async () => {
    expect(REPLIES_THAT_MUST_BE_BLOCKED.length).toBeGreaterThanOrEqual(60);
    for (const [i, { reply, breaks, reason }] of REPLIES_THAT_MUST_BE_BLOCKED.entries()) {
      const out = await firstDraftViolations(reply, i);
      const expected = {
        competitor_mentioned: "rule:no-competitor-mentions",
        financial_advice_given: "rule:no-financial-advice",
        refund_amount: "rule:max-refund",
      }[breaks];
      expect(out.violatedRuleIds, `${reason}: ${JSON.stringify(reply)}`).toContain(expected);
      expect(out.response).not.toBe(reply);
    }
  });

  it(`passes all ${REPLIES_THAT_MUST_PASS.length} replies that break nothing, first time`, async () => {
    expect(REPLIES_THAT_MUST_PASS.length).toBeGreaterThanOrEqual(30);
    for (const [i, { reply, reason }] of REPLIES_THAT_MUST_PASS.entries()) {
      const out = await firstDraftViolations(reply, 1000 + i);
      expect(out.violatedRuleIds, `${reason}: ${JSON.stringify(reply)}`).toEqual([]);
      expect(out.outcome).toBe("answered");
      expect(out.response).toBe(reply);
    }
  });
});

describe("relevance check with refusal bypass", () => {
  it('"I don\'t know" passes relevance by bypass', async () => {
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: [generated("I don't know the warranty terms for that model, sorry.")],
    });
    const out = await firstMessage(withRelevance, "How long is the warranty on the blender?", "e1", model, embedder);
    expect(out.outcome).toBe("answered");
    expect(out.provenance.enforcement.checks.find((c) => c.ruleKey === "relevance")).toMatchObject({
      result: "passed",
      detail: "refusal bypass",
    });
  });

  it("an off-topic reply fails relevance and is regenerated", async () => {
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: [generated("Bananas are yellow."), generated("The blender has a two-year warranty.")],
    });
    const out = await firstMessage(withRelevance, "How long is the warranty on the blender?", "e2", model, embedder);
    expect(out.violatedRuleIds).toEqual(["relevance"]);
    expect(out.outcome).toBe("regenerated");
  });
});

describe("lane 2: the judge runs only when a subjective hard rule is in play", () => {
  it("judges a refund turn where be-polite matched, and blocks a rude draft", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
      generate: [
        generated("Calm down, it's obviously your fault."),
        generated("I'm sorry this happened; here is what we can do next."),
      ],
      judge: [judged(false, { reason: "blames the customer", bias_tags: ["tone:blame"] }), judged(true)],
    });
    const out = await runTurn(
      agent,
      refundTurn(),
      { message: "I'm upset, the refund is delayed and I want my money back", turnId: "j1" },
      testPorts(model, embedder),
    );
    expect(out.spans.find((s) => s.name === "filtering")?.attributes.matched).toContain("be-polite");
    expect(out.violatedRuleIds).toEqual(["rule:be-polite"]);
    expect(out.outcome).toBe("regenerated");
    expect(model.requestsOf("judge")).toHaveLength(2);
  });

  it("does not call the judge on a pricing turn", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "pricing_question", intent_confidence: 0.9 })],
      generate: [generated("Which product?")],
    });
    const out = await firstMessage(agent, "How much does the blue kettle cost?", "j2", model, embedder);
    expect(model.requestsOf("judge")).toHaveLength(0);
    // The local sensor decides this clear pricing turn: generation is the only call.
    expect(out.modelCalls).toBe(1);
  });
});

describe("money the demo cannot convert, and promises split in two", () => {
  async function offer(compiled: CompiledAgent, reply: string, turnId: string) {
    const out = await playFirstDraft(compiled, embedder, reply, turnId);
    const checks = out.spans.filter((s) => s.name === "enforcement")[0]?.attributes.checks as {
      ruleKey: string;
      result: string;
      blocking?: boolean;
      detail: string;
      variables?: Record<string, unknown>;
    }[];
    return { out, check: checks.find((c) => c.ruleKey === "max-refund") };
  }

  it("blocks a refund in a currency without a rate as unresolved, and ships it when the setting is off", async () => {
    const blocked = await offer(agent, "A ¥5000 refund is on its way to your card.", "yen1");
    expect(blocked.check).toMatchObject({ result: "unresolved", blocking: true });
    expect(blocked.check?.detail).toContain("¥5000 (JPY, no rate to USD)");
    expect(blocked.out.outcome).toBe("regenerated");
    expect(blocked.out.violatedRuleIds).toEqual(["rule:max-refund"]);

    const snapshot = snapshotFromBundle(demo);
    const lenient = await compileAgent(
      { ...snapshot, settings: resolveAgentSettings({ enforcement: { unresolved_money_blocks: false } }) },
      embedder,
    );
    const shipped = await offer(lenient, "A ¥5000 refund is on its way to your card.", "yen2");
    expect(shipped.check).toMatchObject({ result: "unresolved" });
    expect(shipped.check?.blocking).toBeUndefined();
    expect(shipped.out.outcome).toBe("answered");
  });

  it("checks refund_amount <= 50 at the total of every promise: 30 + 30 fails at 60", async () => {
    const { out, check } = await offer(agent, "$30 back now and another $30 refund next week.", "split1");
    expect(check).toMatchObject({ result: "failed", variables: { refund_amount: 60 } });
    expect(out.outcome).toBe("regenerated");
    const under = await offer(agent, "$20 back now and another $25 refund next week.", "split2");
    expect(under.check).toMatchObject({ result: "passed" });
    expect(under.out.outcome).toBe("answered");
  });

  it("converts euros at the demo's rate before comparing", async () => {
    expect((await offer(agent, "I've approved a €45 refund.", "eur1")).check).toMatchObject({
      result: "passed",
      variables: { refund_amount: 48.6 },
    });
    expect((await offer(agent, "I've approved a €50 refund.", "eur2")).check).toMatchObject({
      result: "failed",
      variables: { refund_amount: 54 },
    });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import type { AgentSettingsInput } from "../../contracts/agent-settings";
import type { DeclaredClaim } from "../../contracts/model";
import { runTurn } from "../../pipeline/run-turn";
import { agentsByEnforcement } from "../../testing/agents-by-enforcement";
import { testPorts } from "../../testing/fixed-ports";
import { HONEST_CLAIMS, playRefundDraft, REDRAFT, refundTurnState } from "../../testing/refund-turn";
import { createScriptedProvider, generated, judged, sensed } from "../../testing/scripted-provider";
import { explainsMoney } from "./declared-claims";

// Lane 1 over declared claims, per class of the demo's deterministic rules: a refund over the cap
// (money), a competitor named (boolean), financial advice (boolean). Each reply is the first draft of
// a refund turn; the judge is scripted so each test says what the judge would rule.

const embedder = createOfflineEmbedder();
const agentWith = agentsByEnforcement(demo, embedder);
beforeAll(() => agentWith());

const usd = (amount: number) => ({ amount, currency: "USD" });
const honest = HONEST_CLAIMS;

let n = 0;
async function play(
  reply: string,
  claims: Record<string, DeclaredClaim> | undefined,
  options: { judge?: boolean; lenient?: boolean; enforcement?: AgentSettingsInput["enforcement"] } = {},
) {
  const { model, out } = await playRefundDraft({
    agent: await agentWith(options.enforcement),
    embedder,
    reply,
    claims,
    // lenient: a judge that passes everything, so a block can only come from lane 1 itself.
    judge: (request) =>
      options.lenient || !request.conflict
        ? judged(true, { reason: "polite" })
        : judged(options.judge ?? false, { reason: "scripted on the conflict" }),
    turnId: `claims-${n++}`,
  });
  const first = out.spans.find((s) => s.name === "enforcement")?.attributes.checks as {
    ruleKey: string;
    result: string;
    decidedBy?: string;
    blocking?: boolean;
    claims?: { variable: string; status: string; agrees: boolean; why?: string }[];
    detail: string;
  }[];
  const check = (key: string) => first.find((c) => c.ruleKey === key);
  const conflicts = model.requestsOf("judge").filter((r) => r.conflict);
  const judgeCalls = conflicts.length;
  return { out, check, conflicts, judgeCalls, generation: out.spans.find((s) => s.name === "generation") };
}

describe("refund over the cap (money)", () => {
  it("claims agree: decided on the text, no judge", async () => {
    const within = await play("I'll process a $40 refund for order 123.", { ...honest, refund_amount: usd(40) });
    expect(within.check("max-refund")).toMatchObject({ result: "passed", decidedBy: "agreement" });
    expect(within.out.response).toBe("I'll process a $40 refund for order 123.");
    const over = await play("I'll process a $75 refund for order 123.", { ...honest, refund_amount: usd(75) });
    expect(over.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "agreement" });
    expect(over.out.violatedRuleIds).toContain("rule:max-refund");
    expect(over.conflicts).toHaveLength(0);
  });

  it("a total explains its parts: $30 now and $30 next week declared as $60 fails the cap without a judge", async () => {
    const r = await play("I'll refund $30 now and another $30 refund next week.", {
      ...honest,
      refund_amount: usd(60),
    });
    expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "agreement" });
    expect(r.conflicts).toHaveLength(0);
  });

  it("the text breaks the cap whatever the claim says: declared $40 or $100, text $75, a judge that passes all", async () => {
    for (const declared of [40, 100]) {
      const r = await play(
        "I'll process a $75 refund for order 123.",
        { ...honest, refund_amount: usd(declared) },
        { judge: true, lenient: true },
      );
      expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "text" });
      expect(r.check("max-refund")?.detail).toContain(`declared $${declared}, text says $75: the text decides`);
      expect(r.check("max-refund")?.claims?.[0]).toMatchObject({ agrees: false });
      expect(r.judgeCalls).toBe(0);
      expect(r.out.response).toBe(REDRAFT);
    }
  });

  it("a real conflict: text $40 passes, the claim $75 fails → the judge decides with both facts", async () => {
    const r = await play("I'll process a $40 refund for order 123.", { ...honest, refund_amount: usd(75) });
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]?.conflict).toMatchObject({
      variable: "refund_amount",
      declared: usd(75),
      extracted: [usd(40)],
      declaredPasses: false,
      extractedPasses: [true],
    });
    expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "judge" });
    expect(r.check("max-refund")?.detail).toContain("declared $75, text says $40");
    expect(r.out.response).toBe(REDRAFT);
  });

  it("a refund promised with no number fails on the claim that names the amount, with no judge", async () => {
    const r = await play(
      "I'll process the full refund for order 123 today.",
      { ...honest, refund_amount: usd(75) },
      { judge: true, lenient: true },
    );
    expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "claim" });
    expect(r.check("max-refund")?.detail).toContain("declared $75, the text states no amount");
    expect(r.judgeCalls).toBe(0);
    expect(r.out.violatedRuleIds).toContain("rule:max-refund");
  });

  it("a claim under the cap where the text states no amount passes on the claim", async () => {
    const r = await play("I'll process the partial refund for order 123 today.", {
      ...honest,
      refund_amount: usd(40),
    });
    expect(r.check("max-refund")).toMatchObject({ result: "passed", decidedBy: "claim" });
    expect(r.conflicts).toHaveLength(0);
  });

  it("no claims at all: the text decides both ways, with no model call and a judge that passes all", async () => {
    const over = await play("$75 refund approved.", undefined, { judge: true, lenient: true });
    expect(over.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(over.judgeCalls).toBe(0);
    expect(over.out.response).toBe(REDRAFT);
    const within = await play("I'll process a $30 refund for order 123.", undefined, { judge: true, lenient: true });
    expect(within.check("max-refund")).toMatchObject({ result: "passed", decidedBy: "text" });
    expect(within.check("max-refund")?.claims?.[0]).toMatchObject({ status: "absent", agrees: true });
    expect(within.judgeCalls).toBe(0);
    expect(within.generation?.attributes.claim_problems).toEqual(["the reply declared no claims"]);
  });

  it("a malformed or null claim is no claim: the text decides", async () => {
    const malformed = await play("I'll process a $75 refund for order 123.", {
      ...honest,
      refund_amount: "thirty" as unknown as DeclaredClaim,
      shipping_fee: 4,
    });
    expect(malformed.generation?.attributes.claim_problems).toEqual([
      "claims for unknown variables ignored: shipping_fee",
      "claim for refund_amount is not {amount, currency}",
    ]);
    expect(malformed.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(malformed.out.outcome).not.toBe("error");
    const nulled = await play("Sure, I'll credit you $75 for the trouble.", honest, { judge: true, lenient: true });
    expect(nulled.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(nulled.judgeCalls).toBe(0);
    const within = await play("Sure, I'll credit you $45 for the trouble.", honest);
    expect(within.check("max-refund")).toMatchObject({ result: "passed", decidedBy: "text" });
    expect(within.out.response).toBe("Sure, I'll credit you $45 for the trouble.");
  });

  it("an amount in a currency without a rate still blocks, whatever the claim says", async () => {
    const r = await play("I'll refund $30 now and 5000 JPY back later.", { ...honest, refund_amount: usd(20) });
    expect(r.check("max-refund")).toMatchObject({ result: "unresolved", blocking: true });
    expect(r.conflicts).toHaveLength(0);
    expect(r.out.response).toBe(REDRAFT);
  });

  it("an order total beside a claim of nothing is no conflict: the amount is not a refund", async () => {
    const r = await play("I'll get back to you about the $75 order.", honest);
    expect(r.conflicts).toHaveLength(0);
    expect(r.out.response).toBe("I'll get back to you about the $75 order.");
  });
});

describe("a competitor named (boolean)", () => {
  it("claims agree: named and declared fails; neither passes", async () => {
    const named = await play("You could also try QuickCart for that.", { ...honest, competitor_mentioned: true });
    expect(named.check("no-competitor-mentions")).toMatchObject({ result: "failed", decidedBy: "agreement" });
    const clean = await play("We can help with that here.", honest);
    expect(clean.check("no-competitor-mentions")).toMatchObject({ result: "passed", decidedBy: "agreement" });
  });

  it("a competitor described but not named fails on the model's own claim, with no judge", async () => {
    const r = await play(
      "The big store across the street may have it cheaper.",
      { ...honest, competitor_mentioned: true },
      { judge: true, lenient: true },
    );
    expect(r.check("no-competitor-mentions")).toMatchObject({ result: "failed", decidedBy: "claim" });
    expect(r.judgeCalls).toBe(0);
    expect(r.out.violatedRuleIds).toContain("rule:no-competitor-mentions");
  });

  it("the text names one: it fails whether the claim denies it or is missing", async () => {
    const denied = await play("You might prefer QuickCart for that.", honest, { judge: true, lenient: true });
    expect(denied.check("no-competitor-mentions")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(denied.judgeCalls).toBe(0);
    expect(denied.out.violatedRuleIds).toContain("rule:no-competitor-mentions");
    const missing = await play("You might prefer QuickCart for that.", { refund_amount: null }, { lenient: true });
    expect(missing.check("no-competitor-mentions")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(missing.check("no-competitor-mentions")?.claims?.[0]).toMatchObject({ status: "absent", agrees: true });
  });
});

describe("financial advice (boolean)", () => {
  it("claims agree, disagree, missing: the text decides every time it states the advice", async () => {
    const advice = "You should invest your refund in index funds.";
    const agree = await play(advice, { ...honest, financial_advice_given: true });
    expect(agree.check("no-financial-advice")).toMatchObject({ result: "failed", decidedBy: "agreement" });
    const disagree = await play(advice, honest, { judge: true, lenient: true });
    expect(disagree.check("no-financial-advice")).toMatchObject({ result: "failed", decidedBy: "text" });
    const missing = await play(advice, {}, { judge: true, lenient: true });
    expect(missing.check("no-financial-advice")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(missing.judgeCalls).toBe(0);
  });
});

describe("enforcement.unresolved", () => {
  const conflict = ["I'll process a $40 refund for order 123.", { ...honest, refund_amount: usd(75) }] as const;

  it("block regenerates the draft without asking the judge", async () => {
    const r = await play(...conflict, { enforcement: { unresolved: "block" } });
    expect(r.conflicts).toHaveLength(0);
    expect(r.check("max-refund")).toMatchObject({ result: "unresolved", decidedBy: "block", blocking: true });
    expect(r.out.response).toBe(REDRAFT);
  });

  it("allow reports the conflict and sends the reply", async () => {
    const r = await play(...conflict, { enforcement: { unresolved: "allow" } });
    expect(r.check("max-refund")).toMatchObject({ result: "unresolved", decidedBy: "allow" });
    expect(r.out.response).toBe(conflict[0]);
  });

  it("allow never sends a reply the text decides against", async () => {
    const r = await play("I'll process a $75 refund for order 123.", undefined, {
      enforcement: { unresolved: "allow" },
    });
    expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(r.out.response).toBe(REDRAFT);
  });

  it("by_provider judges with a model and blocks with the offline provider", async () => {
    const judgedHere = await play(...conflict);
    expect(judgedHere.check("max-refund")?.decidedBy).toBe("judge");
    const agent = await agentWith();
    const offline = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
      generate: [generated(...conflict), generated(REDRAFT, honest)],
      judge: () => judged(true),
    });
    const out = await runTurn(
      agent,
      refundTurnState(),
      { message: "I want a refund", turnId: "claims-offline" },
      testPorts({ ...offline, name: "offline" }, embedder),
    );
    expect(offline.requestsOf("judge").filter((r) => r.conflict)).toEqual([]);
    expect(out.response).toBe(REDRAFT);
  });
});

describe("what a declared money total explains", () => {
  it("the sum, a restatement, or a total with its breakdown; never a larger mention", () => {
    expect(explainsMoney(60, [30, 30])).toBe(true);
    expect(explainsMoney(50, [50, 50])).toBe(true);
    expect(explainsMoney(50, [20, 30, 50])).toBe(true);
    expect(explainsMoney(40, [40, 75])).toBe(false);
    expect(explainsMoney(40, [75])).toBe(false);
    expect(explainsMoney(30, [20])).toBe(false);
    expect(explainsMoney(0, [])).toBe(true);
  });
});

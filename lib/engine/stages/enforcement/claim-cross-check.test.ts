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
  options: { judge?: boolean; enforcement?: AgentSettingsInput["enforcement"] } = {},
) {
  const { model, out } = await playRefundDraft({
    agent: await agentWith(options.enforcement),
    embedder,
    reply,
    claims,
    judge: (request) =>
      request.conflict ? judged(options.judge ?? false, { reason: "scripted on the conflict" }) : judged(true),
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
  return { out, check, conflicts, generation: out.spans.find((s) => s.name === "generation") };
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

  it("claims disagree: declared $40, text says $75 → the judge decides with both facts", async () => {
    const r = await play("I'll process a $75 refund for order 123.", { ...honest, refund_amount: usd(40) });
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]?.conflict).toMatchObject({
      variable: "refund_amount",
      declared: usd(40),
      extracted: [usd(75)],
      declaredPasses: true,
      extractedPasses: [false],
    });
    expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "judge" });
    expect(r.check("max-refund")?.detail).toContain("declared $40, text says $75");
    expect(r.out.response).toBe(REDRAFT);
  });

  it("claims disagree but give the same verdict: declared $100, text says $75 fails without a judge", async () => {
    const r = await play("I'll process a $75 refund for order 123.", { ...honest, refund_amount: usd(100) });
    expect(r.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "same_verdict" });
    expect(r.conflicts).toHaveLength(0);
  });

  it("a refund promised with no number goes to the judge when the claim names the amount", async () => {
    const r = await play(
      "I'll process the full refund for order 123 today.",
      { ...honest, refund_amount: usd(75) },
      {
        judge: false,
      },
    );
    expect(r.conflicts[0]?.conflict).toMatchObject({ declared: usd(75), extracted: [], declaredPasses: false });
    expect(r.out.violatedRuleIds).toContain("rule:max-refund");
  });

  it("claim missing: the text's amount is unresolved, and the span says why", async () => {
    const none = await play("I'll process a $30 refund for order 123.", undefined, { judge: true });
    expect(none.conflicts[0]?.conflict?.reason).toContain("no usable claim (the reply declared no claims)");
    expect(none.check("max-refund")).toMatchObject({ result: "passed", decidedBy: "judge" });
    expect(none.generation?.attributes.claim_problems).toEqual(["the reply declared no claims"]);

    const malformed = await play("I'll process a $30 refund for order 123.", {
      ...honest,
      refund_amount: "thirty" as unknown as DeclaredClaim,
      shipping_fee: 4,
    });
    expect(malformed.generation?.attributes.claim_problems).toEqual([
      "claims for unknown variables ignored: shipping_fee",
      "claim for refund_amount is not {amount, currency}",
    ]);
    expect(malformed.check("max-refund")).toMatchObject({ result: "failed", decidedBy: "judge" });
    expect(malformed.out.outcome).not.toBe("error");
  });

  it("an amount in a currency without a rate still blocks, whatever the claim says", async () => {
    const r = await play("I'll refund $30 now and 5000 JPY back later.", { ...honest, refund_amount: usd(20) });
    expect(r.check("max-refund")).toMatchObject({ result: "unresolved", blocking: true });
    expect(r.conflicts).toHaveLength(0);
    expect(r.out.response).toBe(REDRAFT);
  });

  it("a claim of nothing beside an amount the text binds is a conflict too", async () => {
    const r = await play("Sure, I'll credit you $45 for the trouble.", honest, { judge: true });
    expect(r.conflicts[0]?.conflict).toMatchObject({ declared: null, extracted: [usd(45)] });
    expect(r.out.response).toBe("Sure, I'll credit you $45 for the trouble.");
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

  it("a competitor described but not named goes to the judge on the model's own claim", async () => {
    const r = await play("The big store across the street may have it cheaper.", {
      ...honest,
      competitor_mentioned: true,
    });
    expect(r.conflicts[0]?.conflict).toMatchObject({
      variable: "competitor_mentioned",
      declared: true,
      extracted: [false],
    });
    expect(r.out.violatedRuleIds).toContain("rule:no-competitor-mentions");
  });

  it("claims disagree: the text names one the claim denies; claim missing: the same", async () => {
    const denied = await play("You could also try QuickCart for that.", honest);
    expect(denied.conflicts[0]?.conflict).toMatchObject({ declared: false, extracted: [true], declaredPasses: true });
    expect(denied.out.violatedRuleIds).toContain("rule:no-competitor-mentions");
    const missing = await play("You could also try QuickCart for that.", { refund_amount: null });
    expect(missing.check("no-competitor-mentions")?.claims?.[0]).toMatchObject({ status: "absent", agrees: false });
  });
});

describe("financial advice (boolean)", () => {
  it("claims agree, disagree, missing", async () => {
    const advice = "You should invest your refund in index funds.";
    const agree = await play(advice, { ...honest, financial_advice_given: true });
    expect(agree.check("no-financial-advice")).toMatchObject({ result: "failed", decidedBy: "agreement" });
    const disagree = await play(advice, honest);
    expect(disagree.check("no-financial-advice")).toMatchObject({ result: "failed", decidedBy: "judge" });
    const missing = await play(advice, {});
    expect(missing.check("no-financial-advice")?.claims?.[0]).toMatchObject({ status: "absent", agrees: false });
  });
});

describe("enforcement.unresolved", () => {
  const conflict = ["I'll process a $75 refund for order 123.", { ...honest, refund_amount: usd(40) }] as const;

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

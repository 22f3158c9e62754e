import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import type { AgentSettingsInput } from "../../contracts/agent-settings";
import type { ClaimConflict, DeclaredClaim } from "../../contracts/model";
import { agentsByEnforcement } from "../../testing/agents-by-enforcement";
import { HONEST_CLAIMS, playRefundDraft, REDRAFT } from "../../testing/refund-turn";
import { judged } from "../../testing/scripted-provider";

// A reply with no usable claim for refund_amount, from a model that answers plain text: an amount
// lane 1 neither bound nor confidently classified hands max-refund over (README.md, "Uncertain
// amounts"); one it classified, or a reply with a claim, is decided as before.

const embedder = createOfflineEmbedder();
const agentWith = agentsByEnforcement(demo, embedder);
beforeAll(() => agentWith());

let n = 0;
async function play(
  reply: string,
  claims: Record<string, DeclaredClaim> | undefined,
  enforcement: AgentSettingsInput["enforcement"] = {},
) {
  const { model, out } = await playRefundDraft({
    agent: await agentWith(enforcement),
    embedder,
    reply,
    claims,
    // The judge fails every conflict: a test that expects the reply to ship expects no conflict.
    judge: (request) => judged(!request.conflict, { reason: "scripted" }),
    turnId: `uncertain-${n++}`,
  });
  const checks = out.spans.find((s) => s.name === "enforcement")?.attributes.checks as {
    ruleKey: string;
    result: string;
    decidedBy?: string;
    detail: string;
  }[];
  const conflicts = model.requestsOf("judge").flatMap((r) => (r.conflict ? [r.conflict as ClaimConflict] : []));
  return { out, maxRefund: checks.find((c) => c.ruleKey === "max-refund"), conflicts };
}

describe("an amount lane 1 is not sure of, with no claim declared", () => {
  it("across a sentence stop from the context word: the judge decides, and its refusal rewrites the reply", async () => {
    const { out, maxRefund, conflicts } = await play("About your refund. $75", undefined);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ variable: "refund_amount", declared: null, extractedPasses: [false] });
    expect(conflicts[0]?.reason).toContain('text states $75 near "refund" across a sentence stop; no claim declared');
    expect(maxRefund).toMatchObject({ result: "failed", decidedBy: "judge" });
    expect(out.response).toBe(REDRAFT);
  });

  it("blocks without a judge when enforcement.unresolved is block (the offline default)", async () => {
    const { out, maxRefund, conflicts } = await play("About your refund. $75", undefined, { unresolved: "block" });
    expect(conflicts).toHaveLength(0);
    expect(maxRefund).toMatchObject({ result: "unresolved", decidedBy: "block" });
    expect(maxRefund?.detail).toContain("no claim declared");
    expect(out.response).toBe(REDRAFT);
  });

  it("a price or total under a refund verb that may not happen: “your $80 order can be refunded”", async () => {
    const { out, conflicts } = await play("Your $80 order can be refunded.", undefined);
    expect(conflicts[0]?.reason).toContain('read as a price or total, but "refunded" in its sentence');
    expect(out.response).toBe(REDRAFT);
  });

  it("an unbound amount beside a money verb, with no context word near: “I've issued an $80 gift card”", async () => {
    const { out, conflicts } = await play("I've issued an $80 gift card.", undefined);
    expect(conflicts[0]?.reason).toContain('text states $80 beside "issued"');
    expect(out.response).toBe(REDRAFT);
  });

  it("claims present but none for the variable count as no claim", async () => {
    const { out, conflicts } = await play("About your refund. $70", {
      competitor_mentioned: false,
      financial_advice_given: false,
    });
    expect(conflicts[0]?.reason).toContain("no claim declared (no claim for refund_amount)");
    expect(out.response).toBe(REDRAFT);
  });

  it("an amount under the cap is not handed over: bound or not, it cannot break the cap", async () => {
    const reply = "About your refund. $30";
    const { out, maxRefund, conflicts } = await play(reply, undefined);
    expect(conflicts).toHaveLength(0);
    expect(maxRefund).toMatchObject({ result: "unresolved", detail: "no value for refund_amount" });
    expect(out.response).toBe(reply);
  });
});

describe("amounts lane 1 classifies confidently, with no claim declared", () => {
  for (const reply of [
    "Refunds are capped at $50 per order.",
    "Your order total was $75.",
    "I'll get back to you about the $75 order.",
    "We cannot offer a $75 refund.",
  ]) {
    it(`ships ${JSON.stringify(reply)} with no judge call`, async () => {
      const { out, conflicts } = await play(reply, undefined);
      expect(conflicts).toHaveLength(0);
      expect(out.response).toBe(reply);
    });
  }
});

describe("a reply that declares its claim", () => {
  it("is cross-checked as before: a claim of nothing beside an unbound amount is no conflict", async () => {
    const { out, maxRefund, conflicts } = await play("About your refund. $75", HONEST_CLAIMS);
    expect(conflicts).toHaveLength(0);
    expect(maxRefund?.result).not.toBe("failed");
    expect(out.response).toBe("About your refund. $75");
  });
});

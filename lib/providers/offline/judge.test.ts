import { describe, expect, it } from "vitest";
import { demoRule } from "@/test/support/demo-model-requests";
import { offlineJudge } from "./judge";

const polite = demoRule("be-polite");
const rule = {
  id: polite.ruleId,
  name: polite.name,
  actionText: polite.actionText,
  conditionText: "The customer is upset",
};

function judge(response: string) {
  return offlineJudge({ rule, message: "Where is my refund?!", response });
}

describe("offline lane-2 judge (the PESSIMIST)", () => {
  it("fails a rude, blaming, sarcastic reply and tags why", () => {
    const verdict = judge("Calm down, it's obviously your fault.");
    expect(verdict.passed).toBe(false);
    expect(verdict.score).toBeLessThan(0.5);
    expect(verdict.bias_tags).toEqual(["tone:blame", "tone:dismissive", "tone:sarcasm"]);
    expect(verdict.reason).toContain('"calm down"');
  });

  it("passes a polite decline", () => {
    const verdict = judge(
      "I'm sorry for the trouble with this. I can refund $50 right away; a specialist will review the rest of order 123 within 2 business days.",
    );
    expect(verdict).toEqual({
      passed: true,
      score: 0.95,
      reason: "No blame, sarcasm, dismissiveness, insults, lecturing or shouting found.",
      bias_tags: [],
    });
  });

  it.each([
    ["As I already said, we can't do that.", "tone:sarcasm"],
    ["That was a stupid mistake.", "tone:insult"],
    ["You should have read the terms.", "tone:lecturing"],
    ["YOU MUST WAIT like everyone else.", "tone:shouting"],
    ["No refunds!!!", "tone:shouting"],
    ["Whatever. Not my problem.", "tone:dismissive"],
  ])("fails %j with %s", (response, tag) => {
    const verdict = judge(response);
    expect(verdict.passed).toBe(false);
    expect(verdict.bias_tags).toContain(tag);
  });

  it("does not mistake acronyms or friendly phrasing for rudeness", () => {
    expect(judge("Thank you for being a VIP! Your USD refund is on its way.").passed).toBe(true);
    expect(judge("We'll do whatever we can to help.").passed).toBe(true);
  });

  it("passes, with a lower score, a limiting reply that skips the acknowledgement the rule asks for", () => {
    const verdict = judge("I can only refund $50; a specialist will review the rest.");
    expect(verdict.passed).toBe(true);
    expect(verdict.score).toBe(0.75);
  });

  it("is deterministic", () => {
    expect(judge("Calm down.")).toEqual(judge("Calm down."));
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { RuleCheck } from "@/lib/engine/contracts/turn-outcome";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import {
  completion,
  type FakeBehaviour,
  type FakeChatServer,
  providerFor,
  startFakeChatServer,
} from "@/test/support/fake-chat-server";
import { startTestApp } from "../support/focal-test-app";

// The worst collaborators, through the real OpenAI client against a local OpenAI-compatible server: a
// model that follows the response schema but declares no claims, and a judge that passes everything.
// A reply whose text breaks a hard rule is blocked by lane 1 on the text, and no judge is asked about it.

const REDRAFT = "A specialist will review your refund within 2 business days.";
const json = (value: unknown): FakeBehaviour => ({ kind: "json", body: completion(JSON.stringify(value)) });

/** What the model's first draft says and declares; every later draft is the harmless REDRAFT. */
let firstDraft: { reply: string; claims?: unknown } = { reply: REDRAFT };

function respond(body: Record<string, unknown>): FakeBehaviour {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  const rejected = JSON.stringify(body.messages ?? []).includes("YOUR PREVIOUS DRAFT WAS REJECTED");
  switch (format?.json_schema?.name) {
    case "sensor_context":
      return json({
        detected_intent: "refund_request",
        intent_confidence: 0.95,
        entities: { order_id: "123" },
        is_ambiguous: false,
        ambiguity_reason: null,
      });
    case "reply_with_claims":
      return json(rejected ? { reply: REDRAFT, claims: {} } : firstDraft);
    case "judge_verdict":
      return json({ passed: true, score: 1, reason: "polite", bias_tags: [] });
    default:
      return json({});
  }
}

let handle: DatabaseHandle;
let fake: FakeChatServer;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  fake = await startFakeChatServer({ respond });
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

async function turnWith(draft: typeof firstDraft) {
  firstDraft = draft;
  overrideHostPorts({
    model: providerFor(fake),
  });
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  fake.requests.length = 0;
  const { turn } = await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I want a refund for order 123",
    actor: SYSTEM_ACTOR,
    requestId: "lane1-openai",
  });
  const enforcement = turn.spans.find((s) => s.name === "enforcement");
  const checks = (enforcement?.attributes.checks ?? []) as RuleCheck[];
  // Judge calls that saw the first draft: lane 1's conflicts and lane 2's rules alike.
  const judgedDraft = fake.requests.filter(
    (r) =>
      (r.body.response_format as { json_schema?: { name?: string } })?.json_schema?.name === "judge_verdict" &&
      JSON.stringify(r.body.messages).includes(draft.reply),
  );
  return { turn, check: (key: string) => checks.find((c) => c.ruleKey === key), judgedDraft };
}

describe("lane 1 with a model that declares no claims and a judge that says yes", () => {
  for (const claims of [{}, null, undefined]) {
    it(`blocks "$75 refund approved." on the text (claims ${JSON.stringify(claims) ?? "left out"})`, async () => {
      const { turn, check, judgedDraft } = await turnWith({ reply: "$75 refund approved.", claims });
      expect(check("max-refund")).toMatchObject({ result: "failed", decidedBy: "text" });
      expect(check("max-refund")?.conflict).toBeUndefined();
      expect(judgedDraft).toHaveLength(0);
      expect(turn.outcome).toBe("regenerated");
      expect(turn.response).toBe(REDRAFT);
    });
  }

  it("blocks a competitor named in the text, whatever the claims deny", async () => {
    const { turn, check, judgedDraft } = await turnWith({
      reply: "You might prefer QuickCart for that.",
      claims: { competitor_mentioned: false, financial_advice_given: false, refund_amount: null },
    });
    expect(check("no-competitor-mentions")).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(judgedDraft).toHaveLength(0);
    expect(turn.response).toBe(REDRAFT);
  });

  it("ships a refund under the cap stated with no claims", async () => {
    const reply = "I'll process a $30 refund for order 123.";
    const { turn, check } = await turnWith({ reply, claims: {} });
    expect(check("max-refund")).toMatchObject({ result: "passed", decidedBy: "text" });
    expect(turn.response).toBe(reply);
  });
});

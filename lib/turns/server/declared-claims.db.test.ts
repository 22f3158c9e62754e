import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { turnTapes } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { DeclaredClaim } from "@/lib/engine/contracts/model";
import type { RuleCheck } from "@/lib/engine/contracts/turn-outcome";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { createScriptedProvider, generated, judged, sensed } from "@/lib/engine/testing/scripted-provider";
import { replayAgentSessions } from "@/lib/replay/server/replay-agent-sessions";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "@/test/support/focal-test-app";
import { createSession } from "./create-session";
import { hostTurn } from "./host-turn";

// A model that lies about what its reply commits to, through the host: a reply the text decides is
// decided on the text with no judge; a real conflict is stored with the judge's verdict, its tape
// keeps the claims, and a frozen replay reproduces it.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

const REDRAFT = "A specialist will review your refund within 2 business days.";
const honest = { competitor_mentioned: false, financial_advice_given: false, refund_amount: null };

async function turnWith(reply: string, claims: unknown) {
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  const model = createScriptedProvider({
    sense: () => sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } }),
    generate: [generated(reply, claims as Record<string, DeclaredClaim>), generated(REDRAFT, honest)],
    judge: (request) => judged(!request.conflict, { reason: request.conflict ? "the text promises $75" : "polite" }),
  });
  overrideHostPorts({ model });
  const { turn } = await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I want a refund for order 123",
    actor: SYSTEM_ACTOR,
    requestId: "claims",
  });
  return { turn, model, sessionId: session.id, agent };
}

const enforcementChecks = (turn: { spans: { name: string; attributes: Record<string, unknown> }[] }) =>
  turn.spans.find((s) => s.name === "enforcement")?.attributes.checks as RuleCheck[];

describe("a scripted model that declares false claims", () => {
  it("declared $40 while the text says $75: the text decides, no judge is asked, the redraft ships", async () => {
    const { turn, model } = await turnWith("I'll process a $75 refund for order 123.", {
      ...honest,
      refund_amount: { amount: 40, currency: "USD" },
    });
    expect(model.requestsOf("judge").filter((r) => r.conflict)).toHaveLength(0);
    expect(turn.outcome).toBe("regenerated");
    expect(turn.response).toBe(REDRAFT);
    const maxRefund = enforcementChecks(turn).find((c) => c.ruleKey === "max-refund");
    expect(maxRefund).toMatchObject({ result: "failed", decidedBy: "text" });
    expect(maxRefund?.claims?.[0]).toMatchObject({
      variable: "refund_amount",
      declared: { amount: 40, currency: "USD" },
      extracted: [75],
      agrees: false,
    });
  });

  it("declared $75 while the text says $40: the judge decides, the redraft ships, the replay is exact", async () => {
    const { turn, model, sessionId, agent } = await turnWith("I'll process a $40 refund for order 123.", {
      ...honest,
      refund_amount: { amount: 75, currency: "USD" },
    });
    expect(model.requestsOf("judge").filter((r) => r.conflict)).toHaveLength(1);
    expect(turn.outcome).toBe("regenerated");
    expect(turn.response).toBe(REDRAFT);
    expect(enforcementChecks(turn).find((c) => c.ruleKey === "max-refund")).toMatchObject({
      result: "failed",
      decidedBy: "judge",
    });

    const [row] = await handle.db.select().from(turnTapes).where(eq(turnTapes.sessionId, sessionId));
    const tape = row?.tape as unknown as TurnTape;
    const generate = tape.calls.find((c) => c.kind === "generate");
    expect(generate?.result).toMatchObject({ ok: true, value: { claims: { refund_amount: { amount: 75 } } } });
    expect(tape.calls.filter((c) => c.kind === "judge")).toHaveLength(model.requestsOf("judge").length);

    const report = await replayAgentSessions(handle.db, agent, {
      target: { kind: "recorded" },
      mode: "frozen",
      sessions: { ids: [sessionId] },
      includeSame: true,
    });
    expect(report.counts).toMatchObject({ turns: 1, same: 1, diverged: 0 });
  });

  it("claims that are garbage are set aside with the reason in the span, and the turn still answers", async () => {
    for (const claims of ["refund: 40", { refund_amount: "forty", coupon_code: true }, [1, 2]]) {
      const { turn, model } = await turnWith("I'll process a $30 refund for order 123.", claims);
      expect(turn.outcome).not.toBe("error");
      const generation = turn.spans.find((s) => s.name === "generation");
      expect(generation?.attributes.claim_problems).toEqual(expect.arrayContaining([expect.any(String)]));
      // With no usable claim the text decides: $30 is under the cap, so the reply ships with no judge.
      expect(model.requestsOf("judge").filter((r) => r.conflict)).toHaveLength(0);
      expect(turn.response).toBe("I'll process a $30 refund for order 123.");
    }
  });
});

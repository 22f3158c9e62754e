import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEvents } from "@/db/schema";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { tableCounts } from "../support/focal-test-app";
import { fileGoalApp, sessionWithGoal, storedGoal } from "../support/goal-api-helpers";

const { handle, api } = fileGoalApp();

const CRYPTO_ORIGINAL = "What happened in crypto markets today?";
const CRYPTO = {
  reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
  type: "scope_narrowing",
  confidence: 0.92,
  evidence: [{ id: "market-availability", text: "Market availability data shows only top 5 have reliable feeds" }],
};

describe("POST /api/v1/goal-reformulations/validate", () => {
  it("answers the three examples of docs/goals.md and writes nothing", async () => {
    const before = await tableCounts(handle);
    const crypto = await api.validate({ original: CRYPTO_ORIGINAL, ...CRYPTO });
    expect(crypto.status).toBe(200);
    expect(await crypto.json()).toMatchObject({ accepted: true, code: null, intent_preservation: 1 });

    const apple = await api.validate({
      original: "Summarize Apple earnings",
      reformulated: "Summarize Apple and Google earnings",
      type: "scope_narrowing",
      confidence: 0.88,
      evidence: [],
    });
    const appleBody = await apple.json();
    expect(appleBody).toMatchObject({ accepted: false, code: "DTL-STRAT-007", detected_type: "scope_expansion" });
    expect(appleBody.failed_criteria.map((c: { code: string }) => c.code)).toContain("DTL-STRAT-010");

    const weather = await api.validate({
      original: "What is the weather forecast?",
      reformulated: "Weather in New York for next week",
      type: "clarification",
      confidence: 0.95,
      evidence: [],
    });
    expect(await weather.json()).toMatchObject({ accepted: false, code: "DTL-STRAT-009" });
    expect(await tableCounts(handle)).toEqual(before);
  });

  it.each([
    ["confidence above 1", { confidence: 1.5 }, "confidence", "between 0 and 1"],
    ["confidence below 0", { confidence: -0.1 }, "confidence", "between 0 and 1"],
    ["confidence as text", { confidence: "high" }, "confidence", "number"],
    ["no original", { original: undefined }, "original", "required"],
    ["blank reformulation", { reformulated: "   " }, "reformulated", "required"],
    ["unknown type", { type: "scope_expansion" }, "type", "allowed types"],
    ["no evidence list", { evidence: undefined }, "evidence", "list of {id, text}"],
    ["evidence without id", { evidence: [{ text: "x" }] }, "evidence[0].id", "id"],
  ])("%s → 422 naming %s, nothing written", async (_name, change, path, words) => {
    const before = await tableCounts(handle);
    const response = await api.validate({ original: CRYPTO_ORIGINAL, ...CRYPTO, ...change });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("VALIDATION");
    const issue = body.errors.find((e: { path: string }) => e.path === path);
    expect(issue, JSON.stringify(body.errors)).toBeDefined();
    expect(issue.message).toContain(words);
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("POST /api/v1/sessions/{id}/goal/reformulations", () => {
  it("accepts the crypto candidate against the session's original: ledger event first, then the goal state", async () => {
    const sessionId = await sessionWithGoal(handle, CRYPTO_ORIGINAL);
    const response = await api.propose(sessionId, CRYPTO);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ accepted: true, code: null, ledger_event_id: expect.any(String) });
    expect(body.goal).toMatchObject({
      original: { text: CRYPTO_ORIGINAL, set_at_turn: 0 },
      active_reformulation: {
        text: CRYPTO.reformulated,
        evidence_ids: ["market-availability"],
        ledger_event_id: body.ledger_event_id,
      },
    });
    expect(await storedGoal(handle, sessionId)).toEqual(body.goal);

    const [event] = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.id, body.ledger_event_id));
    expect(event?.type).toBe("GOAL_REFORMULATION");
    expect(event?.payload).toMatchObject({
      session_id: sessionId,
      confidence: 0.92,
      evidence_ids: ["market-availability"],
      original_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      original_length: CRYPTO_ORIGINAL.length,
      reformulated_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // No raw customer text in the ledger (docs/decisions.md#ledger-payloads-hold-no-customer-text).
    expect(JSON.stringify(event?.payload)).not.toMatch(/crypto/i);
  });

  it("records a rejected candidate with its code and keeps the active reformulation", async () => {
    const sessionId = await sessionWithGoal(handle, CRYPTO_ORIGINAL);
    const first = await (await api.propose(sessionId, CRYPTO)).json();
    const response = await api.propose(sessionId, { ...CRYPTO, confidence: 0.88 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ accepted: false, code: "DTL-STRAT-007" });
    expect(body.goal.active_reformulation.ledger_event_id).toBe(first.ledger_event_id);
    expect(body.goal.history.map((h: { status: string; code: string | null }) => [h.status, h.code])).toEqual([
      ["active", null],
      ["rejected", "DTL-STRAT-007"],
    ]);
    const [event] = await handle.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.id, body.ledger_event_id), eq(ledgerEvents.type, "GOAL_REFORMULATION_REJECTED")));
    expect(event?.payload).toMatchObject({ code: "DTL-STRAT-007", failed_criteria: ["confidence"] });
  });

  it("409 when the session has no original goal yet; 404 for no session; 422 for an `original` in the body", async () => {
    const sessionId = await sessionWithGoal(handle);
    const before = await tableCounts(handle);
    const noOriginal = await api.propose(sessionId, CRYPTO);
    expect(noOriginal.status).toBe(409);
    expect((await noOriginal.json()).error.message).toMatch(/no original goal yet/);
    expect((await api.propose("00000000-0000-4000-8000-000000000000", CRYPTO)).status).toBe(404);
    expect((await api.propose("not-a-uuid", CRYPTO)).status).toBe(404);
    const withOriginal = await api.propose(sessionId, { ...CRYPTO, original: "x" });
    expect(withOriginal.status).toBe(422);
    expect(JSON.stringify((await withOriginal.json()).errors)).toContain("original");
    const badConfidence = await api.propose(sessionId, { ...CRYPTO, confidence: 2 });
    expect((await badConfidence.json()).errors).toEqual([
      { path: "confidence", message: "confidence must be between 0 and 1." },
    ]);
    expect(await tableCounts(handle)).toEqual(before);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });
});

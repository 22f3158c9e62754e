import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { operatorIdByEmail } from "@/db/queries/identity";
import { ledgerEvents, reviewTurnLabels, sessionReviews } from "@/db/schema";
import { addSessionToReviewAction } from "@/lib/actions/reviews/add-session-to-review";
import { saveReviewLabelsAction } from "@/lib/actions/reviews/save-review-labels";
import { updateAgentSettingsAction } from "@/lib/actions/settings/update-agent-settings";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";
import { loadResolutionRates } from "@/lib/reviews/server/resolution-rates";
import { setAgentGrant } from "@/lib/server/access/set-agent-grant";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { demoAppForActions } from "@/test/support/action-test-app";
import { addOperator, signIn, tableCounts } from "../support/focal-test-app";
import { browserHeaders, requestState } from "../support/request-headers";
import { callWithKey } from "../support/route-call";

const AGENT = "refund-desk";
const RULE_KEY = demo.rules[0]?.key ?? "";
// The gate off: these tests change sampling settings, which no conversation test reads.
const app = demoAppForActions(["designer", "viewer"]);

async function agent() {
  const row = await getAgentByKey(app.handle.db, AGENT);
  if (!row) throw new Error("agent missing");
  return row;
}

async function setSampling(sampling: { outcome: string; share: number }[]) {
  const current = await agent();
  const saved = await updateAgentSettingsAction({
    agent_key: AGENT,
    expected_config_version: current.configVersion,
    settings: { ...current.settings, reviews: { sampling } },
  });
  expect(saved).toMatchObject({ ok: true });
}

async function sessionWithTurns(messages: string[]) {
  const session = await createSession(app.handle.db, { agent: await agent(), channel: "sandbox", createdBy: "test" });
  const turnIds: string[] = [];
  for (const message of messages) {
    const hosted = await hostTurn(app.handle.db, {
      sessionId: session.id,
      message,
      actor: SYSTEM_ACTOR,
      requestId: "r",
    });
    turnIds.push(hosted.turn.id);
  }
  return { sessionId: session.id, turnIds };
}

async function reviewRow(sessionId: string) {
  const [row] = await app.handle.db.select().from(sessionReviews).where(eq(sessionReviews.sessionId, sessionId));
  return row ?? null;
}

describe("sampling when a turn is persisted", () => {
  it("share 1 for every outcome queues the session once; share 0 never", async () => {
    await setSampling(TURN_OUTCOMES.map((outcome) => ({ outcome, share: 1 })));
    const sampled = await sessionWithTurns(["I want a refund for order 123", "It arrived broken"]);
    const row = await reviewRow(sampled.sessionId);
    expect(row).toMatchObject({ reason: "sampled", state: "open", addedBy: null });
    expect(TURN_OUTCOMES).toContain(row?.sampledOutcome);
    const rows = await app.handle.db
      .select()
      .from(sessionReviews)
      .where(eq(sessionReviews.sessionId, sampled.sessionId));
    expect(rows).toHaveLength(1);

    await setSampling(TURN_OUTCOMES.map((outcome) => ({ outcome, share: 0 })));
    const skipped = await sessionWithTurns(["I want a refund for order 123"]);
    expect(await reviewRow(skipped.sessionId)).toBeNull();
    await setSampling([]);
  });

  it("the settings refuse an unknown outcome and a share above 1, naming the field", async () => {
    const current = await agent();
    const result = await updateAgentSettingsAction({
      agent_key: AGENT,
      expected_config_version: current.configVersion,
      settings: { reviews: { sampling: [{ outcome: "shrugged", share: 2 }] } },
    });
    expect(result).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(JSON.stringify(result)).toContain("reviews.sampling");
    expect((await agent()).configVersion).toBe(current.configVersion);
  });
});

describe("add to review", () => {
  it("is idempotent: the second call changes nothing", async () => {
    const { sessionId } = await sessionWithTurns(["Where is my order?"]);
    expect(await addSessionToReviewAction({ session_id: sessionId })).toMatchObject({
      ok: true,
      data: { session_id: sessionId, created: true },
    });
    const first = await reviewRow(sessionId);
    expect(first).toMatchObject({ reason: "added", addedBy: "designer@focal.test", state: "open" });
    expect(await addSessionToReviewAction({ session_id: sessionId })).toMatchObject({
      ok: true,
      data: { created: false },
    });
    expect(await reviewRow(sessionId)).toEqual(first);
  });

  it("a viewer may not add a session", async () => {
    const { sessionId } = await sessionWithTurns(["Where is my order?"]);
    app.actAs("viewer");
    expect(await addSessionToReviewAction({ session_id: sessionId })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await reviewRow(sessionId)).toBeNull();
  });

  it("an unknown session is a 404", async () => {
    expect(await addSessionToReviewAction({ session_id: crypto.randomUUID() })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
  });
});

describe("review labels", () => {
  it("saves the resolution, turn labels and the note's hash on the session's chain, chain intact", async () => {
    const { sessionId, turnIds } = await sessionWithTurns(["I want a refund for order 123", "It arrived broken"]);
    await addSessionToReviewAction({ session_id: sessionId });
    const note = "The refund limit was quoted wrong.";
    const result = await saveReviewLabelsAction({
      session_id: sessionId,
      resolved: true,
      note,
      turns: [
        { turn_id: turnIds[0] ?? "", verdict: "wrong", fault: { kind: "rule", rule_key: RULE_KEY } },
        { turn_id: turnIds[1] ?? "", verdict: "wrong", fault: { kind: "stage", stage: "retrieval" } },
      ],
    });
    expect(result).toMatchObject({ ok: true, data: { state: "reviewed", resolved: true } });
    expect(await reviewRow(sessionId)).toMatchObject({
      state: "reviewed",
      resolved: true,
      note,
      reviewedBy: "designer@focal.test",
      configVersion: (await agent()).configVersion,
    });
    const labels = await app.handle.db.select().from(reviewTurnLabels).where(eq(reviewTurnLabels.sessionId, sessionId));
    expect(labels).toHaveLength(2);
    const [event] = await app.handle.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.chain, sessionId), eq(ledgerEvents.type, "REVIEW_LABELLED")));
    expect(event?.payload).toMatchObject({
      session_id: sessionId,
      resolved: true,
      turns: [
        { turn_id: turnIds[0], verdict: "wrong", fault_rule_key: RULE_KEY, fault_stage: null },
        { turn_id: turnIds[1], verdict: "wrong", fault_rule_key: null, fault_stage: "retrieval" },
      ],
    });
    expect(JSON.stringify(event?.payload)).not.toContain("quoted wrong");
    expect(event?.payload).toMatchObject({ note_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await verifyLedgerChain(app.handle.db)).toMatchObject({ is_intact: true });
  });

  it("bad labels answer field errors and write nothing", async () => {
    const { sessionId, turnIds } = await sessionWithTurns(["I want a refund for order 123"]);
    await addSessionToReviewAction({ session_id: sessionId });
    const turnId = turnIds[0] ?? "";
    const cases = [
      { turns: [{ turn_id: turnId, verdict: "wrong", fault: null }], field: "turns" },
      {
        turns: [{ turn_id: turnId, verdict: "wrong", fault: { kind: "rule", rule_key: "no-such-rule" } }],
        field: "turns[0].fault.rule_key",
      },
      { turns: [{ turn_id: crypto.randomUUID(), verdict: "correct", fault: null }], field: "turns[0].turn_id" },
      { turns: [{ turn_id: turnId, verdict: "wrong", fault: { kind: "stage", stage: "astrology" } }], field: "turns" },
    ] as const;
    for (const bad of cases) {
      const before = await tableCounts(app.handle);
      const result = await saveReviewLabelsAction({
        session_id: sessionId,
        resolved: true,
        note: "",
        turns: bad.turns as never,
      });
      expect(result).toMatchObject({ ok: false, code: "VALIDATION" });
      expect(Object.keys((result as { fieldErrors?: object }).fieldErrors ?? {})).toContain(bad.field);
      expect(await tableCounts(app.handle)).toEqual(before);
    }
    expect(await reviewRow(sessionId)).toMatchObject({ state: "open", resolved: null });
  });

  it("a viewer may not label", async () => {
    const { sessionId } = await sessionWithTurns(["Where is my order?"]);
    app.actAs("viewer");
    const before = await tableCounts(app.handle);
    expect(await saveReviewLabelsAction({ session_id: sessionId, resolved: true, note: "", turns: [] })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await tableCounts(app.handle)).toEqual(before);
  });

  it("the resolution rate is resolved of reviewed sessions per config version", async () => {
    const agentId = (await agent()).id;
    const before = new Map((await loadResolutionRates(app.handle.db, agentId)).map((r) => [r.config_version, r]));
    const label = (sessionId: string, resolved: boolean | null) =>
      saveReviewLabelsAction({ session_id: sessionId, resolved, note: "", turns: [] });
    const first = (await agent()).configVersion;
    await label((await sessionWithTurns(["Where is my order?"])).sessionId, true);
    await label((await sessionWithTurns(["Where is my order?"])).sessionId, false);
    // Still open: not counted.
    await label((await sessionWithTurns(["Where is my order?"])).sessionId, null);
    await setSampling([{ outcome: "error", share: 0 }]);
    const second = (await agent()).configVersion;
    await label((await sessionWithTurns(["Where is my order?"])).sessionId, true);
    const rates = new Map((await loadResolutionRates(app.handle.db, agentId)).map((r) => [r.config_version, r]));
    const added = (version: number) => ({
      reviewed: (rates.get(version)?.reviewed ?? 0) - (before.get(version)?.reviewed ?? 0),
      resolved: (rates.get(version)?.resolved ?? 0) - (before.get(version)?.resolved ?? 0),
    });
    expect(added(first)).toEqual({ reviewed: 2, resolved: 1 });
    expect(added(second)).toEqual({ reviewed: 1, resolved: 1 });
    expect(rates.get(second)?.rate).toBe(1);
  });
});

describe("access per agent", () => {
  it("a designer granted only another agent gets NOT_FOUND for this agent's sessions, nothing written", async () => {
    const { sessionId } = await sessionWithTurns(["Where is my order?"]);
    await importBundle(
      app.handle.db,
      { ...demo, agent: { ...demo.agent, key: "other-reviews-desk" } },
      SYSTEM_ACTOR,
      "s",
    );
    const person = await addOperator(app.handle, `granted-${crypto.randomUUID()}@focal.test`, "viewer");
    const operatorId = (await operatorIdByEmail(app.handle.db, person.email)) ?? "";
    await app.handle.db.transaction((tx) =>
      setAgentGrant(tx, { operatorId, agentKey: "other-reviews-desk", role: "designer" }, SYSTEM_ACTOR, "s"),
    );
    requestState.headers = browserHeaders({ cookie: await signIn(person.email, person.password) });
    const before = await tableCounts(app.handle);
    expect(await addSessionToReviewAction({ session_id: sessionId })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await saveReviewLabelsAction({ session_id: sessionId, resolved: true, note: "", turns: [] })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    expect(await tableCounts(app.handle)).toEqual(before);
  });
});

describe("REST", () => {
  async function key(scopes: ("traces:read" | "agents:write")[]) {
    return (
      await app.handle.db.transaction((tx) =>
        createApiKey(tx, { name: `reviews-${crypto.randomUUID()}`, scopes }, SYSTEM_ACTOR, "s"),
      )
    ).key;
  }

  it("lists the queue by state and saves labels; bad labels are a 422 naming the field", async () => {
    const { GET } = await import("@/app/api/v1/agents/[key]/reviews/route");
    const { POST } = await import("@/app/api/v1/reviews/[id]/labels/route");
    const { sessionId, turnIds } = await sessionWithTurns(["Where is my order?"]);
    await addSessionToReviewAction({ session_id: sessionId });
    const reader = await key(["traces:read"]);
    const writer = await key(["agents:write"]);
    const list = async (state: string) => {
      const path = `/api/v1/agents/${AGENT}/reviews?state=${state}`;
      return callWithKey(GET, "GET", path, { key: AGENT }, reader);
    };
    const open = (await (await list("open")).json()) as { reviews: { session_id: string }[] };
    expect(open.reviews.map((r) => r.session_id)).toContain(sessionId);
    expect((await list("shelved")).status).toBe(422);

    const labels = (turns: unknown[]) =>
      callWithKey(POST, "POST", `/api/v1/reviews/${sessionId}/labels`, { id: sessionId }, writer, {
        resolved: false,
        note: "",
        turns,
      });
    const bad = await labels([{ turn_id: turnIds[0], verdict: "wrong", fault: { kind: "rule", rule_key: "nope" } }]);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("turns[0].fault.rule_key");
    const saved = await labels([{ turn_id: turnIds[0], verdict: "wrong", fault: { kind: "stage", stage: "routing" } }]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ session_id: sessionId, state: "reviewed", resolved: false });
    const reviewed = (await (await list("reviewed")).json()) as { reviews: { session_id: string }[] };
    expect(reviewed.reviews.map((r) => r.session_id)).toContain(sessionId);
    // Reading is not labelling.
    const refused = await callWithKey(POST, "POST", `/api/v1/reviews/${sessionId}/labels`, { id: sessionId }, reader, {
      resolved: true,
      note: "",
      turns: [],
    });
    expect(refused.status).toBe(403);
  });
});

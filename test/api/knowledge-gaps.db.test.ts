import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as gapsRoute } from "@/app/api/v1/agents/[key]/knowledge/gaps/route";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { addGapAnswerAction } from "@/lib/actions/knowledge/add-gap-answer";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { withStorePolicies } from "@/lib/engine/testing/store-policies";
import type { KnowledgeGaps } from "@/lib/knowledge/knowledge-gap-schemas";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { demoAppForActions } from "@/test/support/action-test-app";
import { demoWithTestsGate, tableCounts } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

// The Gaps view (docs/knowledge.md#gaps): real turns through the engine with the offline provider on a
// desk with the Store policies; the questions it abstained on come back grouped, and an FAQ entry added
// from a group is a config change after which the same question is answered.

const app = demoAppForActions(["designer", "viewer"]);
let viewerKey: string;

beforeAll(async () => {
  const created = await app.handle.db.transaction((tx) =>
    createApiKey(tx, { name: "viewer", scopes: ["config:read"] }, SYSTEM_ACTOR, "setup"),
  );
  viewerKey = created.key;
});

async function desk(key: string) {
  // The tests gate off: an FAQ entry that answers what a demo test expects an out-of-scope reply to is
  // what the gate exists to stop (a 409), not what these tests are about.
  const base = demoWithTestsGate("off");
  await importBundle(app.handle.db, withStorePolicies({ ...base, agent: { ...base.agent, key } }), SYSTEM_ACTOR, "t");
  return agentRow(key);
}

async function agentRow(key: string) {
  const agent = await getAgentByKey(app.handle.db, key);
  if (!agent) throw new Error("agent missing");
  return agent;
}

/** Each question opens its own session, as a customer's first message. */
async function ask(agentKey: string, message: string) {
  const session = await createSession(app.handle.db, {
    agent: await agentRow(agentKey),
    channel: "api",
    createdBy: "test",
  });
  const { turn } = await hostTurn(app.handle.db, {
    sessionId: session.id,
    message,
    actor: SYSTEM_ACTOR,
    requestId: "r",
  });
  return turn;
}

const gaps = (agentKey: string, query = "?days=30") =>
  callWithKey(gapsRoute, "GET", `/api/v1/agents/${agentKey}/knowledge/gaps${query}`, { key: agentKey }, viewerKey);

describe("knowledge gaps", () => {
  it("groups the abstained questions with counts and examples, and an FAQ entry added from one answers it", async () => {
    const agent = await desk("gaps-desk");
    const gift = ["Do you sell gift cards?", "do you sell gift cards", "Can I buy a gift card?"];
    const asked = [];
    for (const message of [...gift, "Do you have a loyalty program?", "How long does standard shipping take?"]) {
      asked.push(await ask("gaps-desk", message));
    }
    expect(asked.map((t) => t.outcome)).toEqual(["abstained", "abstained", "abstained", "abstained", "answered"]);

    const answer = await gaps("gaps-desk");
    expect(answer.status).toBe(200);
    const body: KnowledgeGaps = await answer.json();
    expect(body).toMatchObject({ config_version: agent.configVersion, days: 30, turns: 4 });
    expect(body.groups.map((g) => [g.question, g.count, g.answered_in_version])).toEqual([
      ["do you sell gift cards", 3, null],
      ["Do you have a loyalty program?", 1, null],
    ]);
    const [gifts] = body.groups;
    expect(gifts?.examples).toHaveLength(3);
    expect(gifts?.examples[0]).toEqual({
      session_id: asked[2]?.sessionId,
      turn_id: asked[2]?.id,
      text: "Can I buy a gift card?",
      channel: "api",
    });
    expect(new Date(gifts?.last_seen ?? 0).getTime()).toBe(new Date(asked[2]?.createdAt ?? 1).getTime());

    // Bad input: an inline field error and nothing written.
    app.actAs("designer");
    const before = await tableCounts(app.handle);
    const entry = { agent_key: "gaps-desk", expected_config_version: agent.configVersion, target: null };
    const empty = await addGapAnswerAction({ ...entry, question: "Do you sell gift cards?", answer: "  " });
    expect(empty).toMatchObject({ ok: false, fieldErrors: { answer: [expect.any(String)] } });
    const long = await addGapAnswerAction({ ...entry, question: "x".repeat(2001), answer: "Yes." });
    expect(long).toMatchObject({ ok: false, fieldErrors: { question: [expect.any(String)] } });
    const notFaq = await addGapAnswerAction({
      ...entry,
      question: "Gift cards?",
      answer: "Yes.",
      target: "store-policies",
    });
    expect(notFaq).toMatchObject({ ok: false, fieldErrors: { target: [expect.any(String)] } });
    app.actAs("viewer");
    expect(await addGapAnswerAction({ ...entry, question: "Gift cards?", answer: "Yes." })).toMatchObject({
      ok: false,
    });
    expect(await tableCounts(app.handle)).toEqual(before);

    app.actAs("designer");
    const added = await addGapAnswerAction({
      ...entry,
      question: "Do you sell gift cards?",
      answer: "Yes, we sell digital gift cards from $10 to $200 on our website.",
    });
    if (!added.ok) throw new Error(added.message);
    expect(added.data).toMatchObject({
      id: "answers-from-gaps",
      title: "Answers from gaps",
      kind: "faq",
      passages: 1,
      config_version: agent.configVersion + 1,
    });
    const events = await app.handle.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.type, "CONFIG_CHANGED"), eq(ledgerEvents.agentId, agent.id)));
    expect(events.at(-1)?.payload).toMatchObject({ entity: "knowledge_source", key: "answers-from-gaps" });

    // A stale version is refused: the loaded version is checked as every editor's save does.
    const stale = await addGapAnswerAction({ ...entry, question: "Loyalty program?", answer: "Not yet." });
    expect(stale).toMatchObject({ ok: false, code: "CONFLICT" });

    const again = await ask("gaps-desk", "Do you sell gift cards?");
    expect(again.outcome).not.toBe("abstained");
    expect(again.response).toContain("gift cards");

    // Every turn of the group ran before the entry: listed, marked as answered in the new version.
    const after: KnowledgeGaps = await (await gaps("gaps-desk")).json();
    expect(after.groups.map((g) => [g.question, g.count, g.answered_in_version])).toEqual([
      ["do you sell gift cards", 3, agent.configVersion + 1],
      ["Do you have a loyalty program?", 1, null],
    ]);

    // A second answer joins the same FAQ source.
    const second = await addGapAnswerAction({
      ...entry,
      expected_config_version: agent.configVersion + 1,
      question: "Do you have a loyalty program?",
      answer: "Not yet: every order over $60 ships free instead.",
      target: "answers-from-gaps",
    });
    expect(second).toMatchObject({ ok: true, data: { id: "answers-from-gaps", passages: 2 } });
  });

  it("refuses a window outside 1–365 days, naming the field", async () => {
    await desk("gaps-window");
    for (const query of ["?days=0", "?days=400", "?days=ten", "?limit=0"]) {
      const answer = await gaps("gaps-window", query);
      expect(answer.status, query).toBe(422);
      expect(JSON.stringify(await answer.json()), query).toContain(query.slice(1, query.indexOf("=")));
    }
    const empty: KnowledgeGaps = await (await gaps("gaps-window", "")).json();
    expect(empty).toMatchObject({ days: 30, turns: 0, groups: [] });
  });
});

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as searchRoute } from "@/app/api/v1/agents/[key]/knowledge/search/route";
import {
  DELETE as deleteSourceRoute,
  GET as getSourceRoute,
  PUT as putSourceRoute,
} from "@/app/api/v1/agents/[key]/knowledge/sources/[id]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/knowledge/sources/route";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { GET as getTurnRoute } from "@/app/api/v1/turns/[id]/route";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { STORE_POLICIES } from "@/lib/engine/testing/store-policies";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { configAtVersion } from "@/lib/versioning/server/config-versions";
import { demoWithTestsGate, fileTestApp, tableCounts } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

// Knowledge sources over REST (docs/knowledge.md): each write is a config change (a new version, one
// CONFIG_CHANGED event), the kept version keeps the old passages, and search answers what a turn
// would find — or that it would not know. Every refusal writes nothing.

const handle = fileTestApp();
let admin: string;
let viewer: string;

const RETURNS = `# Returns

You can return any item within 30 days of delivery for a full refund. Items must be unused and in
their original packaging.

## Shipping a return

Print the prepaid label from your order page and drop the parcel at any post office. Refunds reach
your card 5 to 7 business days after the parcel arrives at our warehouse.`;

beforeAll(async () => {
  const created = await handle.db.transaction(async (tx) => ({
    admin: await createApiKey(tx, { name: "admin", scopes: ["admin"] }, SYSTEM_ACTOR, "setup"),
    viewer: await createApiKey(tx, { name: "viewer", scopes: ["config:read"] }, SYSTEM_ACTOR, "setup"),
  }));
  admin = created.admin.key;
  viewer = created.viewer.key;
});

async function deskAgent(key: string) {
  // The tests gate off: a source that answers what the demo's tests expect an out-of-scope reply to
  // is what the gate exists to stop (a 409), not what these tests are about.
  const bundle = demoWithTestsGate("off");
  await importBundle(handle.db, { ...bundle, agent: { ...bundle.agent, key } }, SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  return agent;
}

const sources = (agentKey: string) => `/api/v1/agents/${agentKey}/knowledge/sources`;
const create = (agentKey: string, body: unknown, key = admin) =>
  callWithKey(createRoute, "POST", sources(agentKey), { key: agentKey }, key, body);
const put = (agentKey: string, id: string, body: unknown) =>
  callWithKey(putSourceRoute, "PUT", `${sources(agentKey)}/${id}`, { key: agentKey, id }, admin, body);
const search = async (agentKey: string, q: string, k = 5) => {
  const query = new URLSearchParams({ q, k: String(k) });
  const path = `/api/v1/agents/${agentKey}/knowledge/search?${query}`;
  return callWithKey(searchRoute, "GET", path, { key: agentKey }, viewer);
};

describe("knowledge sources", () => {
  it("adds a Markdown source as a new config version, lists it with its passages, and search finds the answer", async () => {
    const agent = await deskAgent("kb-add");
    const made = await create("kb-add", { title: "Returns policy", kind: "markdown", content: RETURNS });
    expect(made.status).toBe(201);
    const body = await made.json();
    expect(body).toMatchObject({
      id: "returns-policy",
      title: "Returns policy",
      kind: "markdown",
      changed: true,
      config_version: agent.configVersion + 1,
    });
    expect(body.passages).toBeGreaterThanOrEqual(2);
    const events = await handle.db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.type, "CONFIG_CHANGED"), eq(ledgerEvents.agentId, agent.id)));
    expect(events.at(-1)?.payload).toMatchObject({
      entity: "knowledge_source",
      key: "returns-policy",
      action: "created",
    });

    const list = await (await callWithKey(listRoute, "GET", sources("kb-add"), { key: "kb-add" }, viewer)).json();
    expect(list.sources).toContainEqual(expect.objectContaining({ id: "returns-policy", passages: body.passages }));

    const found = await (await search("kb-add", "How long until my refund reaches my card?")).json();
    expect(found.answerable).toBe(true);
    expect(found.passages[0]).toMatchObject({ source_id: "returns-policy", source_title: "Returns policy" });
    expect(found.passages[0].text).toContain("5 to 7 business days");
    expect(found.passages[0].heading_path).toEqual(["Returns", "Shipping a return"]);

    // A question no passage shares a content word with: the agent would say it does not know.
    const unrelated = await (await search("kb-add", "What is the capital of France?")).json();
    expect(unrelated.answerable).toBe(false);
  });

  it("keeps the old passages in the old version: a replaced source changes only the new one", async () => {
    const agent = await deskAgent("kb-versions");
    const first = await (
      await create("kb-versions", { title: "Returns policy", kind: "markdown", content: RETURNS })
    ).json();
    const edited = RETURNS.replace("30 days", "60 days");
    const second = await (
      await put("kb-versions", "returns-policy", { title: "Returns policy", kind: "markdown", content: edited })
    ).json();
    expect(second).toMatchObject({ changed: true, config_version: first.config_version + 1 });
    const again = await (
      await put("kb-versions", "returns-policy", { title: "Returns policy", kind: "markdown", content: edited })
    ).json();
    expect(again).toMatchObject({ changed: false, config_version: second.config_version });

    const latest = await getAgentByKey(handle.db, "kb-versions");
    if (!latest) throw new Error("agent missing");
    const before = await configAtVersion(handle.db, latest, first.config_version);
    const after = await configAtVersion(handle.db, latest, second.config_version);
    const returnsIn = (snapshot: typeof before) =>
      snapshot?.knowledge?.find((k) => k.key === "returns-policy")?.content;
    expect(returnsIn(before)).toContain("within 30 days");
    expect(returnsIn(after)).toContain("within 60 days");
    expect(agent.configVersion).toBeLessThan(first.config_version);

    const one = await (
      await callWithKey(
        getSourceRoute,
        "GET",
        `${sources("kb-versions")}/returns-policy`,
        { key: "kb-versions", id: "returns-policy" },
        viewer,
      )
    ).json();
    expect(one.content).toContain("within 60 days");
    // The bundle carries knowledge: an export holds the source whole.
    expect((await readAgentBundle(handle.db, latest)).knowledge_sources).toContainEqual(
      expect.objectContaining({ key: "returns-policy", kind: "markdown", content: edited }),
    );

    const gone = await callWithKey(
      deleteSourceRoute,
      "DELETE",
      `${sources("kb-versions")}/returns-policy`,
      { key: "kb-versions", id: "returns-policy" },
      admin,
    );
    expect(await gone.json()).toMatchObject({ deleted: "returns-policy", config_version: second.config_version + 1 });
    const afterDelete = await (await search("kb-versions", "return window")).json();
    expect(afterDelete.passages.map((p: { source_id: string }) => p.source_id)).not.toContain("returns-policy");
  });

  it("takes FAQ entries, one passage each, scoped to a scenario", async () => {
    await deskAgent("kb-faq");
    const entries = [
      { question: "Do you ship to Spain?", answer: "Yes, to Spain in 3 to 5 days for 4.90 EUR.", section: "Shipping" },
      { question: "Can I pay with PayPal?", answer: "Yes, PayPal and all major cards.", section: "Payment" },
    ];
    const scenario = demo.scenarios[0]?.key ?? "";
    const made = await create("kb-faq", {
      title: "Shop FAQ",
      kind: "faq",
      entries,
      scope: "SCENARIO",
      scope_ref: scenario,
    });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ id: "shop-faq", passages: 2, scope: "SCENARIO", scope_ref: scenario });
  });

  it("refuses what cannot be a source, naming the field, and writes nothing", async () => {
    await deskAgent("kb-bad");
    await create("kb-bad", { key: "returns", title: "Returns", kind: "text", content: "Thirty days." });
    const before = await tableCounts(handle);
    const refusals: [unknown, string][] = [
      [{ title: "Manual", kind: "pdf", content: "x" }, "kind"],
      [{ title: "FAQ", kind: "faq", content: "not entries", entries: [{ question: "a?", answer: "b" }] }, "content"],
      [{ title: "FAQ", kind: "faq" }, "entries"],
      [{ title: "Blank", kind: "text", content: "   " }, "content"],
      [{ title: "", kind: "text", content: "text" }, "title"],
      [{ key: "returns", title: "Returns again", kind: "text", content: "Sixty days." }, "key"],
      [{ title: "Scoped", kind: "text", content: "x", scope: "SCENARIO", scope_ref: "no-such-scenario" }, "scope_ref"],
      [{ title: "Odd", kind: "text", content: "x", colour: "blue" }, "colour"],
    ];
    for (const [body, field] of refusals) {
      const answer = await create("kb-bad", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const problem = await answer.json();
      expect(JSON.stringify(problem.details ?? problem), JSON.stringify(body)).toContain(field);
    }
    expect((await create("kb-bad", { title: "Viewer", kind: "text", content: "x" }, viewer)).status).toBe(403);
    expect((await search("kb-bad", "", 5)).status).toBe(422);
    expect((await search("kb-bad", "refund", 99)).status).toBe(422);
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("the playground's verdict", () => {
  /** The first turn of a new session asking `message`: its knowledge span's verdict and the provenance's score. */
  async function turnVerdict(agentKey: string, message: string) {
    const session = await callWithKey(
      createSessionRoute,
      "POST",
      `/api/v1/agents/${agentKey}/sessions`,
      { key: agentKey },
      admin,
      {},
    );
    const { session_id: id } = (await session.json()) as { session_id: string };
    const turn = await callWithKey(postTurnRoute, "POST", `/api/v1/sessions/${id}/turns`, { id }, admin, { message });
    expect(turn.status).toBe(200);
    const { turn_id: turnId } = (await turn.json()) as { turn_id: string };
    const trace = await callWithKey(getTurnRoute, "GET", `/api/v1/turns/${turnId}`, { id: turnId }, admin);
    const body = (await trace.json()) as {
      provenance: { knowledge?: { answerability: number } };
      spans: { name: string; attributes?: Record<string, unknown> }[];
    };
    const span = body.spans.find((s) => s.name === "knowledge");
    return { answerable: span?.attributes?.answerable, answerability: body.provenance.knowledge?.answerability };
  }

  it("is the turn's: the same answerable and score for the same first question, with the reason a designer reads", async () => {
    await deskAgent("kb-verdict");
    const { key: _key, ...policies } = STORE_POLICIES;
    expect((await create("kb-verdict", { ...policies, key: "store-policies" })).status).toBe(201);
    const questions = [
      "How long does standard shipping take?",
      "Do you sell gift cards?",
      "What is the capital of France?",
      "When is the support team open?",
    ];
    const answers: boolean[] = [];
    for (const question of questions) {
      const found = await (await search("kb-verdict", question)).json();
      const turn = await turnVerdict("kb-verdict", question);
      expect(turn.answerable, question).toBe(found.answerable);
      expect(turn.answerability, question).toBeCloseTo(found.answerability, 3);
      expect(found.reason, question).toMatch(/^(The best passage holds \d+ of the question's \d+ words?|No passage)/);
      answers.push(found.answerable);
    }
    expect(answers).toEqual([true, false, false, true]);
    // A passage that ranks first but holds too little of the question says so, with the bar it missed.
    const gift = await (await search("kb-verdict", "Do you sell gift cards?")).json();
    expect(gift.passages.length).toBeGreaterThan(0);
    expect(gift.reason).toMatch(/lacks [^;]*"gift"/);
    expect(gift.reason).toContain("the agent answers from 30%");
  });
});

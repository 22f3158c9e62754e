import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as previewRoute } from "@/app/api/v1/agents/[key]/impact-preview/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startDemoApp, tableCounts } from "@/test/support/focal-test-app";
import { HOST, ORIGIN } from "@/test/support/request-headers";
import { previewImpact } from "./preview-impact";

let handle: DatabaseHandle;
let cookies: Record<"viewer" | "designer", string>;
const WINDOW = { sessions: 200, turns: 2000 };
const ctx = { actor: SYSTEM_ACTOR, requestId: "req" };
const maxRefund = demo.rules.find((r) => r.key === "max-refund");

async function version() {
  return (await getAgentByKey(handle.db, "refund-desk"))?.configVersion ?? 0;
}

async function capTo(expression: string) {
  return {
    ...maxRefund,
    enforcement_expression: expression,
    agent_key: "refund-desk",
    expected_config_version: await version(),
    rule_key: "max-refund",
  };
}

beforeAll(async () => {
  ({ handle, cookies } = await startDemoApp(["viewer", "designer"]));
  const agent = await getAgentByKey(handle.db, "refund-desk");
  if (!agent) throw new Error("demo missing");
  for (const messages of [["I'm in France and want a refund for order 123"], ["How much does the blue kettle cost?"]]) {
    const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
    for (const message of messages) {
      await hostTurn(handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "req" });
    }
  }
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("previewImpact", () => {
  it("shows the France/$75 turn changing when max-refund is raised to 80, and writes nothing", async () => {
    const before = await tableCounts(handle);
    const preview = await previewImpact(
      handle.db,
      { kind: "updateRule", input: await capTo("refund_amount <= 80"), window: WINDOW },
      ctx,
    );
    expect(await tableCounts(handle)).toEqual(before);
    expect(preview.changes_config).toBe(true);
    expect(preview.report.counts).toMatchObject({ sessions: 2, turns: 2, changed: 1, same: 1, outcome_changes: 1 });
    expect(preview.report.turns[0]?.diff?.outcome).toEqual({ before: "regenerated", after: "answered" });
    expect(preview.stamp).toMatchObject({ turns: 2, changed: 1, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("refuses a draft Save would refuse, with Save's field errors, replaying nothing", async () => {
    await expect(
      previewImpact(handle.db, { kind: "updateRule", input: await capTo("refund_amount <="), window: WINDOW }, ctx),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      issues: [expect.objectContaining({ path: "enforcement_expression" })],
    });
    await expect(
      previewImpact(handle.db, { kind: "updateRule", input: { agent_key: "refund-desk" }, window: WINDOW }, ctx),
    ).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("says so when the draft changes nothing", async () => {
    const preview = await previewImpact(
      handle.db,
      { kind: "updateRule", input: await capTo(maxRefund?.enforcement_expression ?? ""), window: WINDOW },
      ctx,
    );
    expect(preview).toMatchObject({ changes_config: false, stamp: null });
  });

  it("records a preview's counts with the save of exactly that draft, and ignores a forged or stale stamp", async () => {
    const configChanges = () => handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.type, "CONFIG_CHANGED"));
    const eventsBefore = (await configChanges()).length;
    const preview = await previewImpact(
      handle.db,
      { kind: "updateRule", input: await capTo("refund_amount <= 80"), window: WINDOW },
      ctx,
    );
    const stamp = preview.stamp ?? undefined;
    const save = async (expression: string, impactPreview: typeof stamp) =>
      ruleEntity.update(
        handle.db,
        {
          agentKey: "refund-desk",
          expectedVersion: await version(),
          actor: SYSTEM_ACTOR,
          requestId: "req",
          policies: SAVE_POLICIES,
          impactPreview,
        },
        "max-refund",
        { ...(await capTo(expression)) } as never,
      );
    // Another draft than the previewed one: the stamp does not describe it.
    await save("refund_amount <= 81", stamp);
    // A forged count.
    await save("refund_amount <= 82", stamp && { ...stamp, changed: 0 });
    // A fresh preview of the draft that is then saved.
    const fresh = await previewImpact(
      handle.db,
      { kind: "updateRule", input: await capTo("refund_amount <= 80"), window: WINDOW },
      ctx,
    );
    await save("refund_amount <= 80", fresh.stamp ?? undefined);
    const events = (await configChanges()).slice(eventsBefore);
    // The other cases preview against the demo's cap of 50.
    await save(maxRefund?.enforcement_expression ?? "", undefined);
    // The fresh preview compares the cap of 80 with the saved 82: both answer the $75 turn.
    expect(events.map((e) => e.payload.impact_preview ?? null)).toEqual([
      null,
      null,
      { turns: 2, changed: 0, sessions: 2, outcome_changes: 0, newly_blocked: 0, not_replayable: 0 },
    ]);
  });
});

describe("POST /api/v1/agents/{key}/impact-preview", () => {
  const call = async (cookie: string, body: unknown, accept = "application/json") =>
    previewRoute(
      new Request(`${ORIGIN}/api/v1/agents/refund-desk/impact-preview`, {
        method: "POST",
        headers: { host: HOST, origin: ORIGIN, cookie, accept, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ key: "refund-desk" }) },
    );

  it("is refused to a viewer, who may read replays but not start them", async () => {
    const response = await call(cookies.viewer, { edit: "updateRule", input: await capTo("refund_amount <= 60") });
    expect(response.status).toBe(403);
  });

  it("streams progress, then the result, to a designer", async () => {
    const response = await call(
      cookies.designer,
      { edit: "updateRule", input: await capTo("refund_amount <= 60") },
      "application/x-ndjson",
    );
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "progress", done: 0, total: 2 });
    expect(lines.at(-1)).toMatchObject({ type: "result", result: { changes_config: true } });
  });

  it("answers a draft with a broken expression with 422 naming the field", async () => {
    const response = await call(cookies.designer, { edit: "updateRule", input: await capTo("refund_amount <=") });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([expect.objectContaining({ path: "enforcement_expression" })]);
  });
});

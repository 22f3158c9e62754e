import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { appendLedgerEventAlone } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { addOperator, signIn, startTestApp } from "@/test/support/focal-test-app";
import { getAgentCounts, listAgents } from "./agents";
import { listOperators } from "./identity";
import { listLedgerEvents } from "./ledger";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "q1");
  const small = { focal_bundle: 1, agent: { key: "tiny", name: "Tiny", description: "", settings: {} } };
  await importBundle(handle.db, small, SYSTEM_ACTOR, "q2");
});
afterAll(async () => {
  await handle?.close();
});

describe("console queries", () => {
  it("count each agent's own rules, scenarios and tools", async () => {
    const agents = await listAgents(handle.db);
    const refund = agents.find((a) => a.key === "refund-desk");
    expect(refund).toMatchObject({
      rules: demo.rules.length,
      scenarios: demo.scenarios.length,
      tools: demo.tools.length,
    });
    expect(agents.find((a) => a.key === "tiny")).toMatchObject({ rules: 0, scenarios: 0, tools: 0 });
    if (!refund) throw new Error("refund-desk missing");
    expect(await getAgentCounts(handle.db, refund.id)).toMatchObject({ rules: demo.rules.length, turns: 0 });
  });

  it("count each operator's live sessions", async () => {
    const gus = await addOperator(handle, "gus@focal.test", "viewer");
    await addOperator(handle, "hal@focal.test", "viewer");
    await signIn(gus.email, gus.password);
    await signIn(gus.email, gus.password);
    const operators = await listOperators(handle.db);
    expect(operators.find((o) => o.email === "gus@focal.test")?.activeSessions).toBe(2);
    expect(operators.find((o) => o.email === "hal@focal.test")?.activeSessions).toBe(0);
  });

  it("page the ledger newest first by seq, with filters", async () => {
    // More than a page of two beside the two imports, whichever cases ran before.
    for (const n of [1, 2, 3]) {
      await appendLedgerEventAlone(handle.db, {
        type: "CONFIG_CHANGED",
        actor: SYSTEM_ACTOR,
        requestId: `q-page-${n}`,
        payload: { n },
      });
    }
    const first = await listLedgerEvents(handle.db, { limit: 2 });
    expect(first.events.map((e) => e.seq)).toEqual([...first.events.map((e) => e.seq)].sort((a, b) => b - a));
    expect(first.nextBeforeSeq).toBe(first.events[1]?.seq);
    const next = await listLedgerEvents(handle.db, { limit: 2, beforeSeq: first.nextBeforeSeq });
    expect(next.events[0]?.seq).toBeLessThan(first.nextBeforeSeq ?? 0);
    const imports = await listLedgerEvents(handle.db, { type: "BUNDLE_IMPORTED" });
    expect(imports.events.map((e) => e.type)).toEqual(["BUNDLE_IMPORTED", "BUNDLE_IMPORTED"]);
  });
});

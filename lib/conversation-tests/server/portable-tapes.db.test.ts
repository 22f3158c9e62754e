import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { exportBundle } from "@/lib/bundles/server/export-bundle";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { createScriptedProvider, generated, judged, sensed } from "@/lib/engine/testing/scripted-provider";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startDemoApp } from "@/test/support/focal-test-app";
import { createTestDatabase } from "@/test/support/test-database";
import { proposeTestFromSession } from "./propose-test-from-session";
import { runAgentSuite } from "./run-agent-suite";
import { saveTestCase } from "./test-cases";

// A session saved as a test on one install, carried in the bundle, replays from its tapes on another
// install whose ids all differ: tapes hash requests with stable references, not database ids.

let source: DatabaseHandle;
let other: DatabaseHandle;
beforeAll(async () => {
  ({ handle: source } = await startDemoApp([]));
  other = await createTestDatabase();
}, 60_000);
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await source?.close();
  await other?.close();
});

describe("a saved session's tapes in another install", () => {
  it("serve the recorded model outputs in a frozen run there", async () => {
    const agent = await getAgentByKey(source.db, "refund-desk");
    if (!agent) throw new Error("demo missing");
    overrideHostPorts({
      model: createScriptedProvider({
        sense: [
          sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } }),
          sensed({ detected_intent: null, intent_confidence: 0.9, entities: {} }),
        ],
        generate: [
          generated("I can offer $40 in store credit for order 123."),
          generated("Store credit is on its way."),
        ],
        judge: () => judged(true, { reason: "polite" }),
      }),
    });
    const session = await createSession(source.db, { agent, channel: "sandbox", createdBy: "t" });
    for (const message of ["I want a refund for order 123", "ok, thanks"]) {
      await hostTurn(source.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "r" });
    }
    overrideHostPorts(undefined);
    const proposal = await proposeTestFromSession(source.db, agent, session.id);
    proposal.turns[0]?.assertions.push({ kind: "reply_contains", text: "store credit" });
    await saveTestCase(source.db, agent, proposal, null);

    const bundle = await exportBundle(source.db, "refund-desk");
    await importBundle(other.db, bundle, SYSTEM_ACTOR, "r");
    const there = await getAgentByKey(other.db, "refund-desk");
    if (!there) throw new Error("import failed");
    const frozen = await runAgentSuite(other.db, there, { mode: "frozen", k: 1, keys: [proposal.key] });
    const result = frozen.cases[0];
    expect(result?.detail.failures).toEqual([]);
    expect(result?.detail.turns.map((t) => t.served)).toEqual(["tape", "tape"]);
    // Offline, the same case meets another reply: the tape is what made it pass.
    const offline = await runAgentSuite(other.db, there, { mode: "offline", k: 1, keys: [proposal.key] });
    expect(offline.cases[0]?.status).toBe("failed");
  });
});

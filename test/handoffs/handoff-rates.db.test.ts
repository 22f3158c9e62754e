import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { loadHandoffRates } from "@/lib/handoffs/server/handoff-rates";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { demoWithTestsGate, startTestApp } from "../support/focal-test-app";

// The dashboard's handoff rate per config version (docs/handoffs.md#the-handoff-rate).

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await startTestApp();
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

/** A fresh agent of its own (each case stands alone) and a way to talk to it. */
async function freshAgent(key: string) {
  const demo = demoWithTestsGate("off");
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key } }, SYSTEM_ACTOR, "setup");
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("agent missing");
  const conversation = async (...messages: string[]) => {
    const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
    for (const message of messages) {
      await hostTurn(handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "r" });
    }
  };
  return { agent, conversation };
}

describe("handoff rate per config version", () => {
  it("counts sessions a turn handed off of the sessions the agent answered; turns stored for a person add none", async () => {
    const { agent, conversation } = await freshAgent("rate-desk");
    // Handed off, then two messages stored for the person.
    await conversation("I want a real person", "hello?", "still there?");
    await conversation("I want my money back");
    await conversation("How much does the blue kettle cost?");
    const since = new Date(Date.now() - 60_000);
    expect(await loadHandoffRates(handle.db, agent.id, since)).toEqual([
      { config_version: agent.configVersion, sessions: 3, handed_off: 1, rate: 1 / 3 },
    ]);
  });

  it("reads only the window: nothing since a later start", async () => {
    const { agent, conversation } = await freshAgent("window-desk");
    await conversation("I want a real person");
    expect(await loadHandoffRates(handle.db, agent.id, new Date(Date.now() + 60_000))).toEqual([]);
  });
});

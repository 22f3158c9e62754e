import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import { emptySessionState } from "../../contracts/session-state";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { checkOperatorReply } from "./operator-reply-check";

// An operator's reply meets the demo's deterministic rules the way an agent's draft does.

let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), createOfflineEmbedder());
});

const firing = (text: string) => checkOperatorReply(agent, emptySessionState(), text).map((c) => c.ruleKey);

describe("checkOperatorReply", () => {
  it("stops a person promising more than the refund cap, naming the rule", () => {
    expect(firing("I've processed a $75 refund for you, it will arrive in 3 days.")).toEqual(["max-refund"]);
    expect(firing("I'll send $30 back now and another $30 refund next week.")).toEqual(["max-refund"]);
  });

  it("lets an ordinary reply, and a refund within the cap, through", () => {
    expect(firing("Hi, I'm Dana from billing. Let me look at your order.")).toEqual([]);
    expect(firing("I've refunded $40 to your card.")).toEqual([]);
  });

  it("checks nothing when the agent's deterministic lane is off", async () => {
    const snapshot = snapshotFromBundle(demo);
    const off = await compileAgent(
      {
        ...snapshot,
        settings: {
          ...snapshot.settings,
          enforcement: { ...snapshot.settings.enforcement, deterministic_enabled: false },
        },
      },
      createOfflineEmbedder(),
    );
    expect(checkOperatorReply(off, emptySessionState(), "I've processed a $75 refund for you.")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import { replaySession } from "@/lib/engine/replay/replay-session";
import { staticToolRunner, testPorts } from "@/lib/engine/testing/fixed-ports";
import { recordSession } from "@/lib/engine/testing/record-session";
import { snapshotFromBundle } from "@/lib/engine/testing/snapshot-from-bundle";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { buildReplayReport } from "./replay-report";

// A replay report names each session whose replay stopped where a person came in (docs/replay.md).

describe("replay report stops", () => {
  it("lists the session, the last turn replayed and why; a session that ran to its end is not listed", async () => {
    const embedder = createOfflineEmbedder();
    const offline = createOfflineProvider();
    const agent = await compileAgent(snapshotFromBundle(demo), embedder);
    // A draft that no longer recognises a customer asking for a person.
    const settings = { ...demo.agent.settings, handoff: { request_examples: [] } };
    const draft = await compileAgent(snapshotFromBundle({ ...demo, agent: { ...demo.agent, settings } }), embedder);
    const ports = testPorts(offline, embedder);
    const frozen = { mode: "frozen" as const, model: offline, embedder, tools: staticToolRunner() };
    const handedOff = await recordSession(agent, "asks", ["I want a real person", "hello?"], ports);
    const plain = await recordSession(agent, "plain", ["I want my money back"], ports);
    const report = buildReplayReport(
      [await replaySession(draft, handedOff, frozen), await replaySession(draft, plain, frozen)],
      { mode: "frozen", target: { kind: "draft", config_version: null } },
    );
    expect(report.stops).toEqual([
      {
        session_id: "asks",
        turn_index: 0,
        reason: "handoff",
        note: "turn 1 handed the conversation to a person when it ran and no longer does: what the customer said next went to a person, so the replay stops there",
      },
    ]);
    expect(report.counts).toMatchObject({ turns: 3, replayed: 2, not_replayable: 1 });
  });
});

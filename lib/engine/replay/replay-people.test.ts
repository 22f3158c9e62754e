import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { staticToolRunner, testPorts } from "../testing/fixed-ports";
import { recordSession } from "../testing/record-session";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { replaySession } from "./replay-session";

// A replay runs the agent alone (docs/replay.md#people-in-the-session): it reproduces a turn resumed
// by a recorded approval, and stops — saying at which turn and why — at a handoff or an approval no
// one decided.

const embedder = createOfflineEmbedder();
const offline = createOfflineProvider();
const frozen = { mode: "frozen" as const, model: offline, embedder, tools: staticToolRunner() };
const ASK_ORDERS = "I want my money back, can you show me my orders?";
let plain: CompiledAgent;
let gated: CompiledAgent;
let toolId: string;

beforeAll(async () => {
  plain = await compileAgent(snapshotFromBundle(demo), embedder);
  const approving = { ...demo, tools: demo.tools.map((tool) => ({ ...tool, requires_approval: true })) };
  gated = await compileAgent(snapshotFromBundle(approving), embedder);
  toolId = [...gated.tools.keys()][0] ?? "";
});

describe("approvals", () => {
  it("a pause and the turn an approval resumed replay the same: the decision comes from the tape", async () => {
    const recorded = await recordSession(gated, "approved", [ASK_ORDERS, ASK_ORDERS], testPorts(offline, embedder), {
      approvals: { 1: { approval_id: "a1", tool_id: toolId, decision: "approved" } },
    });
    expect(recorded.outcomes.map((o) => o.outcome)).toEqual(["awaiting_approval", expect.not.stringMatching(/await/)]);
    const replayed = await replaySession(gated, recorded, frozen);
    expect(replayed.stopped).toBeUndefined();
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "same"]);
    expect(replayed.turns[1]?.after?.tools).toEqual([{ key: "lookup_order", ok: true }]);
  });

  it("a pause no recorded decision follows stops the replay after that turn, naming it and the tool", async () => {
    const recorded = await recordSession(
      gated,
      "undecided",
      [ASK_ORDERS, "hello? anyone there?"],
      testPorts(offline, embedder),
    );
    const replayed = await replaySession(gated, recorded, frozen);
    expect(replayed.stopped).toEqual({
      turnIndex: 0,
      reason: "approval",
      note: expect.stringContaining("turn 1 waits for approval of lookup_order"),
    });
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "not_replayable"]);
    expect(replayed.turns[1]?.note).toBe(replayed.stopped?.note);
  });

  it("a draft that now asks for approval stops where the recorded session went on without one", async () => {
    const recorded = await recordSession(plain, "plain", [ASK_ORDERS, "the sample2 one"], testPorts(offline, embedder));
    const replayed = await replaySession(gated, recorded, frozen);
    expect(replayed.stopped).toMatchObject({ turnIndex: 0, reason: "approval" });
    expect(replayed.turns[0]?.status).toBe("changed");
    expect(replayed.turns[1]?.status).toBe("not_replayable");
  });
});

describe("handoffs", () => {
  it("a turn that handed off is replayed, then the replay stops there", async () => {
    const recorded = await recordSession(
      plain,
      "asks",
      ["I want a real person", "is anyone there?"],
      testPorts(offline, embedder),
    );
    expect(recorded.outcomes[0]?.outcome).toBe("handoff");
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.stopped).toEqual({
      turnIndex: 0,
      reason: "handoff",
      note: "turn 1 handed the conversation to a person: the replay stops there",
    });
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "not_replayable"]);
  });

  it("a turn stored while a person had the session stops the replay before it", async () => {
    const recorded = await recordSession(
      plain,
      "taken",
      [ASK_ORDERS, "thanks", "and the refund?"],
      testPorts(offline, embedder),
    );
    // An operator took the session over after turn 1: turns 2 and 3 were stored for the person.
    for (const turn of recorded.turns.slice(1)) turn.original = { ...turn.original, outcome: "queued_for_human" };
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.stopped).toEqual({
      turnIndex: 0,
      reason: "handoff",
      note: "a person had the session from turn 2: a replay runs the agent alone and stops there",
    });
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "not_replayable", "not_replayable"]);
  });
});

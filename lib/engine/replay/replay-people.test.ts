import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { staticToolRunner, testPorts } from "../testing/fixed-ports";
import { recordSession } from "../testing/record-session";
import { createScriptedProvider, fail } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { replaySession } from "./replay-session";

// A replay follows the recorded session where a person came in and the replay agrees
// (docs/replay.md#people-in-the-session): a handoff both made, the messages queued for a person, the
// return with its note, a pause both made and the decision that resumed it. It stops — saying at which
// turn and why — where the replay and the recording part ways on a person.

const embedder = createOfflineEmbedder();
const offline = createOfflineProvider();
const frozen = { mode: "frozen" as const, model: offline, embedder, tools: staticToolRunner() };
const ASK_ORDERS = "I want my money back, can you show me my orders?";
const NOTE = "Checked with the warehouse: refund order 123 in full";
/** Records the session on the offline model, the one the frozen replay answers from. */
const recordOffline = (
  agent: CompiledAgent,
  sessionId: string,
  messages: readonly string[],
  options?: Parameters<typeof recordSession>[4],
) => recordSession(agent, sessionId, messages, testPorts(offline, embedder), options);
let plain: CompiledAgent;
let gated: CompiledAgent;
let unrecognising: CompiledAgent;
let toolId: string;

beforeAll(async () => {
  plain = await compileAgent(snapshotFromBundle(demo), embedder);
  const approving = { ...demo, tools: demo.tools.map((tool) => ({ ...tool, requires_approval: true })) };
  gated = await compileAgent(snapshotFromBundle(approving), embedder);
  toolId = [...gated.tools.keys()][0] ?? "";
  const settings = { ...demo.agent.settings, handoff: { request_examples: [] } };
  unrecognising = await compileAgent(snapshotFromBundle({ ...demo, agent: { ...demo.agent, settings } }), embedder);
});

describe("approvals", () => {
  it("a pause and the turn an approval resumed replay the same: the decision comes from the tape", async () => {
    const recorded = await recordOffline(gated, "approved", [ASK_ORDERS, ASK_ORDERS], {
      approvals: { 1: { approval_id: "a1", tool_id: toolId, decision: "approved" } },
    });
    expect(recorded.outcomes.map((o) => o.outcome)).toEqual(["awaiting_approval", expect.not.stringMatching(/await/)]);
    const replayed = await replaySession(gated, recorded, frozen);
    expect(replayed.stopped).toBeUndefined();
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "same"]);
    expect(replayed.turns[1]?.after?.tools).toEqual([{ key: "lookup_order", ok: true }]);
  });

  it("a customer who writes on while the call waits replays turn by turn, as the recorded session went", async () => {
    const recorded = await recordOffline(gated, "undecided", [ASK_ORDERS, "hello? anyone there?", "It's order 123"]);
    expect(recorded.outcomes[0]?.outcome).toBe("awaiting_approval");
    const replayed = await replaySession(gated, recorded, frozen);
    expect(replayed.stopped).toBeUndefined();
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "same", "same"]);
  });

  it("a draft that now asks for approval stops where the recorded session went on without one", async () => {
    const recorded = await recordOffline(plain, "plain", [ASK_ORDERS, "the sample2 one"]);
    const replayed = await replaySession(gated, recorded, frozen);
    expect(replayed.stopped).toEqual({
      turnIndex: 0,
      reason: "approval",
      note: "turn 1 waits for approval of lookup_order, where the recorded session went on without one: the replay stops there",
    });
    expect(replayed.turns[0]?.status).toBe("changed");
    expect(replayed.turns[1]?.status).toBe("not_replayable");
    expect(replayed.turns[1]?.note).toBe(replayed.stopped?.note);
  });

  it("a decision on a pause the draft no longer makes stops before the turn it resumed", async () => {
    const recorded = await recordOffline(gated, "decided", [ASK_ORDERS, ASK_ORDERS], {
      approvals: { 1: { approval_id: "a1", tool_id: toolId, decision: "approved" } },
    });
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.stopped).toMatchObject({ turnIndex: 0, reason: "approval" });
    expect(replayed.stopped?.note).toMatch(/^turn 2 resumed a tool call a person decided on/);
    expect(replayed.turns.map((t) => t.status)).toEqual(["changed", "not_replayable"]);
  });
});

describe("handoffs", () => {
  it("a handoff, the messages queued for a person, the return with a note and the agent's next turns replay the same", async () => {
    const recorded = await recordOffline(
      plain,
      "returned",
      ["I want a real person", "hello?", "anyone there?", "I want my money back", "It's order 123"],
      { operator: { returnAfterQueued: 2, note: NOTE } },
    );
    expect(recorded.outcomes.map((o) => o.outcome).slice(0, 3)).toEqual([
      "handoff",
      "queued_for_human",
      "queued_for_human",
    ]);
    expect(recorded.turns[3]?.tape?.operator_note).toBe(NOTE);
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.stopped).toBeUndefined();
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "same", "same", "same", "same"]);
    // The note is in the generation request the tape hashed: a replay without it would call the fallback.
    expect(replayed.turns.filter((t) => t.diverged)).toEqual([]);
  });

  it("the messages stored while an operator had taken the session over replay as the queued turns they were", async () => {
    const recorded = await recordOffline(plain, "taken", [ASK_ORDERS, "thanks", "and the refund?", "It's order 123"], {
      operator: { takeOverBefore: 1, returnAfterQueued: 2 },
    });
    expect(recorded.outcomes.map((o) => o.outcome).slice(1, 3)).toEqual(["queued_for_human", "queued_for_human"]);
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.stopped).toBeUndefined();
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "same", "same", "same"]);
  });

  it("a draft that no longer hands off stops there: what the customer said next went to a person", async () => {
    const recorded = await recordOffline(plain, "asks", ["I want a real person", "is anyone there?"]);
    expect(recorded.outcomes.map((o) => o.outcome)).toEqual(["handoff", "queued_for_human"]);
    const replayed = await replaySession(unrecognising, recorded, frozen);
    expect(replayed.stopped).toEqual({
      turnIndex: 0,
      reason: "handoff",
      note: "turn 1 handed the conversation to a person when it ran and no longer does: what the customer said next went to a person, so the replay stops there",
    });
    expect(replayed.turns.map((t) => t.status)).toEqual(["changed", "not_replayable"]);
  });

  it("a draft that now hands off stops where the recorded session went on with the agent", async () => {
    const recorded = await recordOffline(unrecognising, "kept", ["I want a real person", "I want my money back"]);
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.stopped).toMatchObject({ turnIndex: 0, reason: "handoff" });
    expect(replayed.stopped?.note).toMatch(/^turn 1 hands the conversation to a person in this replay/);
    expect(replayed.turns.map((t) => t.status)).toEqual(["changed", "not_replayable"]);
  });

  it("the fallback that makes two in a row hands off, and replays as the handoff it was", async () => {
    const timingOut = createScriptedProvider({ generate: () => fail("timeout") }, offline);
    const recorded = await recordSession(
      plain,
      "fallbacks",
      ["I want my money back", "It's order 123"],
      testPorts(timingOut, embedder),
    );
    expect(recorded.outcomes.map((o) => o.outcome)).toEqual(["fallback", "handoff"]);
    expect(recorded.outcomes[1]?.handoff).toEqual({ reason: "repeated_fallback", detail: "2 fallbacks in a row" });
    const replayed = await replaySession(plain, recorded, frozen);
    expect(replayed.turns.map((t) => t.status)).toEqual(["same", "same"]);
  });
});

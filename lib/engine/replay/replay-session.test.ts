import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { DEMO_CONVERSATIONS } from "@/lib/engine/testing/demo-conversations";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import type { AgentSnapshot } from "../contracts/snapshot";
import { staticToolRunner, testPorts } from "../testing/fixed-ports";
import { recordSession } from "../testing/record-session";
import { createScriptedProvider, fail, generated, judged, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "../testing/snapshot-from-bundle";
import { replaySession } from "./replay-session";

const embedder = createOfflineEmbedder();
const offline = createOfflineProvider();
const frozen = { mode: "frozen" as const, model: offline, embedder, tools: staticToolRunner() };
let agent: CompiledAgent;
let snapshot: AgentSnapshot;

beforeAll(async () => {
  snapshot = snapshotFromBundle(demo);
  agent = await compileAgent(snapshot, embedder);
});

function withCap(cap: number): AgentSnapshot {
  return {
    ...snapshot,
    configVersion: snapshot.configVersion + 1,
    rules: snapshot.rules.map((r) =>
      r.key === "max-refund" ? { ...r, enforcementExpression: `refund_amount <= ${cap}` } : r,
    ),
  };
}

const usd = (amount: number) => ({ refund_amount: { amount, currency: "USD" } });

describe("replaySession under the configuration the session ran on", () => {
  it.each([false, true])("reproduces every demo turn exactly (continuity %s)", async (continuityEnabled) => {
    let turns = 0;
    for (const [i, messages] of DEMO_CONVERSATIONS.entries()) {
      const recorded = await recordSession(agent, `s${i}`, messages, testPorts(offline, embedder), {
        continuityEnabled,
      });
      const replayed = await replaySession(agent, recorded, frozen);
      for (const turn of replayed.turns) {
        expect(turn.diff?.changed, `${messages[turn.turnIndex]}`).toEqual([]);
        expect(turn.divergences).toEqual([]);
        expect(turn.status).toBe("same");
        turns++;
      }
    }
    expect(turns).toBe(DEMO_CONVERSATIONS.flat().length);
  });

  it("serves a scripted model's outputs from the tape, without calling any model", async () => {
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } })],
      generate: [generated("I'll process a $75 refund now.", usd(75)), generated("I can refund $50 now.", usd(50))],
      judge: () => judged(true, { reason: "polite" }),
    });
    const recorded = await recordSession(
      agent,
      "scripted",
      ["I want a refund for order 123"],
      testPorts(model, embedder),
    );
    expect(recorded.outcomes[0]?.outcome).toBe("regenerated");
    const replayed = await replaySession(agent, recorded, frozen);
    expect(replayed.turns[0]).toMatchObject({ status: "same", diverged: false });
    expect(replayed.turns[0]?.after?.response).toBe("I can refund $50 now.");
  });
});

describe("replaySession under a draft", () => {
  it("France/$75: raising the cap to 80 ships the first draft instead of regenerating", async () => {
    const recorded = await recordSession(
      agent,
      "france",
      ["I'm in France and want a refund for order 123"],
      testPorts(offline, embedder),
    );
    expect(recorded.outcomes[0]?.outcome).toBe("regenerated");
    const draft = await compileAgent(withCap(80), embedder);
    const [turn] = (await replaySession(draft, recorded, frozen)).turns;
    expect(turn?.status).toBe("changed");
    expect(turn?.diff?.outcome).toEqual({ before: "regenerated", after: "answered" });
    expect(turn?.diff?.rules_violated).toEqual({ started: [], stopped: ["max-refund"] });
    expect(turn?.diff?.newly_unblocked).toBe(true);
    expect(turn?.after?.response).toContain("$75");
    // The regeneration is gone, so one generate and its judge fewer; every remaining call was on the tape.
    expect(turn?.diverged).toBe(false);
    expect(turn?.diff?.model_calls?.after).toBeLessThan(turn?.diff?.model_calls?.before ?? 0);
  });

  it("marks a turn diverged, naming the call, when the draft changes a generation request", async () => {
    const recorded = await recordSession(
      agent,
      "france",
      ["I'm in France and want a refund for order 123"],
      testPorts(offline, embedder),
    );
    const changed = {
      ...snapshot,
      rules: snapshot.rules.map((r) =>
        r.key === "max-refund" ? { ...r, actionText: `${r.actionText} Always offer store credit first.` } : r,
      ),
    };
    const [turn] = (await replaySession(await compileAgent(changed, embedder), recorded, frozen)).turns;
    expect(turn?.diverged).toBe(true);
    expect(turn?.divergences[0]).toMatchObject({ kind: "generate", index: 0, reason: "request_changed" });
    expect(turn?.divergences[0]?.served_by).toBe("offline/offline-v1");
  });

  it("lists a session with a turn that has no tape as not replayable, turn by turn", async () => {
    const recorded = await recordSession(agent, "old", ["hello", "I want my money back"], testPorts(offline, embedder));
    const first = recorded.turns[0];
    if (first) first.tape = null;
    const replayed = await replaySession(agent, recorded, frozen);
    expect(replayed.replayable).toBe(false);
    expect(replayed.turns.map((t) => t.status)).toEqual(["not_replayable", "not_replayable"]);
    expect(replayed.turns[0]?.note).toMatch(/before turns kept their tapes/);
  });
});

describe("replaySession over scripted model behaviour (faults, judges, goal proposals)", () => {
  const cases: [string, Parameters<typeof createScriptedProvider>[0], string[], string][] = [
    [
      "a sensor timeout falls back",
      { sense: [fail("timeout")], generate: [], judge: () => judged(true) },
      ["I want my money back"],
      "fallback",
    ],
    [
      "a rate-limited generation falls back",
      {
        sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9, entities: {} })],
        generate: [fail("rate_limited")],
        judge: () => judged(true),
      },
      ["I want my money back"],
      "fallback",
    ],
    [
      "a draft still over the cap after regeneration hands off to a person (max-refund's on_violation)",
      {
        sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } })],
        generate: [generated("Here is a $75 refund.", usd(75)), generated("OK: $70 refund then.", usd(70))],
        judge: () => judged(true),
      },
      ["I want a refund for order 123"],
      "handoff",
    ],
    [
      "drafts whose declared $40 the text contradicts ($75) are judged on both facts, then handed off",
      {
        sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.95, entities: { order_id: "123" } })],
        generate: [generated("Here is a $75 refund.", usd(40)), generated("OK: $75 back then.", usd(40))],
        judge: (request) => judged(!request.conflict),
      },
      ["I want a refund for order 123"],
      "handoff",
    ],
  ];
  it.each(cases)("%s, and replays it exactly", async (_name, script, messages, outcome) => {
    // The scripted Context is the turn's: every turn asks the model sensor.
    const modelSensed = await compileAgent(withModelSensor(snapshot), embedder);
    const recorded = await recordSession(
      modelSensed,
      "scripted",
      messages,
      testPorts(createScriptedProvider(script), embedder),
    );
    const replayed = await replaySession(modelSensed, recorded, frozen);
    expect(replayed.turns.map((t) => [t.status, t.diverged])).toEqual(messages.map(() => ["same", false]));
    expect(recorded.outcomes.map((o) => o.outcome)).toEqual(messages.map(() => outcome));
  });
});

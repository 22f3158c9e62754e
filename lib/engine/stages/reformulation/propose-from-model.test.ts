import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import type { SensorOutput } from "../../contracts/model";
import { emptySessionState, type SessionState } from "../../contracts/session-state";
import { runTurn } from "../../pipeline/run-turn";
import { testPorts } from "../../testing/fixed-ports";
import { createScriptedProvider, generated, sensed } from "../../testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "../../testing/snapshot-from-bundle";
import { originalGoalFromTurn } from "./goal-state-transitions";

// Goal reformulation with the candidate from the sensor, through runTurn: the sense request carries the goal
// and the evidence the turn may cite; the proposal is validated in the reformulation span.

const ORIGINAL = "What happened in crypto markets today?";
const NOTE = "Market availability data shows only top 5 have reliable feeds";

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
beforeAll(async () => {
  // The model sensor answers every turn here: these tests script or count its calls.
  agent = await compileAgent(withModelSensor(snapshotFromBundle(demo)), embedder);
});

function sessionWithGoal(): SessionState {
  return {
    ...emptySessionState(),
    turnIndex: 1,
    variables: { market_note: NOTE },
    profile: { country: "France" },
    goal: originalGoalFromTurn({}, ORIGINAL, "answered", 0),
  };
}

async function turnProposing(session: SessionState, proposal: SensorOutput["goal_reformulation"]) {
  const model = createScriptedProvider({
    sense: [sensed({ intent_confidence: 0.2, goal_reformulation: proposal })],
    generate: () => generated("Here is what I found."),
  });
  const out = await runTurn(agent, session, { message: "only the big ones", turnId: "t" }, testPorts(model, embedder));
  return { out, request: model.requestsOf("sense")[0], span: out.spans.find((s) => s.name === "reformulation") };
}

describe("goal reformulation proposed by the sensor", () => {
  it("the sense request carries the original goal and the evidence ids the proposal may cite", async () => {
    const { request, out } = await turnProposing(sessionWithGoal(), null);
    expect(request?.goal).toEqual({ original: ORIGINAL, activeReformulation: null });
    expect(request?.evidence).toEqual([
      { id: "var:market_note", text: `market_note: ${JSON.stringify(NOTE)}` },
      { id: "profile:country", text: 'country: "France"' },
    ]);
    expect(out.spans.find((s) => s.name === "sensor")?.attributes).toMatchObject({
      evidence_offered: ["var:market_note", "profile:country"],
      evidence_total: 2,
    });
  });

  it("without an original goal the request carries neither goal nor evidence", async () => {
    const { request } = await turnProposing({ ...sessionWithGoal(), goal: {} }, null);
    expect(request?.goal).toBeNull();
    expect(request?.evidence).toEqual([]);
  });

  it("validates the proposal with the model's screened token pairs and keeps them for the host", async () => {
    const { out, span } = await turnProposing(sessionWithGoal(), {
      reformulated: "What happened in top 5 digital asset markets in the past 24 hours?",
      type: "scope_narrowing",
      confidence: 0.93,
      evidence_ids: ["var:market_note", "var:invented"],
      token_pairs: [
        { original_token: "crypto", candidate_token: "digital asset" },
        { original_token: "today", candidate_token: "Bitcoin" },
      ],
    });
    expect(span?.decision).toBe("accepted (scope_narrowing)");
    expect(span?.attributes).toMatchObject({
      accepted: true,
      dropped_evidence_ids: ["var:invented"],
      dropped_model_pairs: [{ pair: { original_token: "today" }, reason: expect.stringMatching(/time word/) }],
    });
    expect(span?.attributes.mapping).toContainEqual({
      original_token: "crypto",
      candidate_token: "digital asset",
      via: "model",
    });
    expect(out.goalCandidate?.modelPairs).toEqual([{ original_token: "crypto", candidate_token: "digital asset" }]);
    expect(out.goalCandidate?.candidate.evidence.map((e) => e.id)).toEqual(["var:market_note"]);
  });

  it("the offline provider proposes nothing and stays deterministic with a goal and evidence present", async () => {
    const run = () =>
      runTurn(
        agent,
        sessionWithGoal(),
        { message: "I want a refund for order 123", turnId: "t" },
        testPorts(createOfflineProvider(), embedder),
      );
    const [first, second] = [await run(), await run()];
    expect(first).toEqual(second);
    expect(first.goalCandidate).toBeNull();
    expect(first.spans.some((s) => s.name === "reformulation")).toBe(false);
  });
});

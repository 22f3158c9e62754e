import { beforeAll, describe, expect, it } from "vitest";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { cachedSparseVector } from "@/lib/providers/offline/embedder";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import type { IntentOption, SenseRequest } from "../../contracts/model";
import { firstTurn } from "../../testing/first-turn";
import { testPorts } from "../../testing/fixed-ports";
import { createScriptedProvider, sensed } from "../../testing/scripted-provider";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";
import { CARD_DESK, CARD_DESK_OUT_OF_SCOPE, cardDeskBundle } from "./corpus/few-shot-card-desk";
import { senseLocally } from "./local-sensor";

// The local sensor abstains rather than overrule a model: on a few-shot agent it was never tuned on
// (./corpus/few-shot-card-desk.ts, 15 scenarios × 5 examples, siblings among them), behind a model that
// routes every message correctly, the turns it decides alone are right — out-of-scope messages
// included, where any entry is wrong — and it still decides some alone.

const embedder = createOfflineEmbedder();
let desk: CompiledAgent;
beforeAll(async () => {
  desk = await compileAgent(snapshotFromBundle(cardDeskBundle()), embedder);
});

interface Played {
  message: string;
  truth: string | null;
  decidedLocally: boolean;
  entered: string | null;
}

/** A first turn behind a model that answers the true intent, or no intent for an out-of-scope message. */
async function play(message: string, truth: string | null): Promise<Played> {
  const model = createScriptedProvider(
    { sense: () => sensed({ detected_intent: truth, intent_confidence: 0.95 }) },
    createOfflineProvider(),
  );
  const out = await firstTurn(desk, { message, turnId: "first" }, testPorts(model, embedder));
  const sensor = out.spans.find((s) => s.name === "sensor")?.attributes ?? {};
  const entered =
    out.outcome === "clarified" ? null : (desk.scenarios.get(out.session.activeScenarioId ?? "")?.scenario.key ?? null);
  return { message, truth, decidedLocally: sensor.decided_by === "local", entered };
}

describe("local entries on a few-shot agent it was not tuned on", () => {
  let played: Played[];
  beforeAll(async () => {
    played = [];
    for (const scenario of CARD_DESK) {
      for (const message of scenario.messages) played.push(await play(message, scenario.key));
    }
    for (const message of CARD_DESK_OUT_OF_SCOPE) played.push(await play(message, null));
  });

  it("are right every time it decides alone, out-of-scope messages counted", () => {
    const decided = played.filter((p) => p.decidedLocally);
    const wrong = decided.filter((p) => p.entered !== p.truth).map((p) => `${p.message} → ${p.entered}`);
    // 75 turns: a single wrong local entry among them would put precision below 0.99.
    expect(wrong).toEqual([]);
    expect(played.filter((p) => p.truth === null && p.decidedLocally)).toEqual([]);
  });

  it("still decides alone where it is sure", () => {
    // Few: these messages were written apart from the examples, and the best intent by similarity is
    // right for 46 of the 60. "reset pin please" and "can you activate my card for me" clear the
    // 15-scenario row (support ≥ 0.75, margin ≥ 0.47).
    expect(played.filter((p) => p.decidedLocally).map((p) => p.message)).toEqual(
      expect.arrayContaining(["reset pin please", "can you activate my card for me"]),
    );
  });

  it("routes every turn right with the model behind it", () => {
    expect(played.filter((p) => p.entered !== p.truth).map((p) => p.message)).toEqual([]);
  });
});

describe("the evidence checks send an entry to the model however high its score", () => {
  const scenario = (label: string, examples: string[]): IntentOption => ({
    label,
    kind: "scenario",
    description: label.replace(/_/g, " "),
    examples,
  });
  const firstMessage = (message: string, intents: IntentOption[]): SenseRequest => ({
    message,
    history: [],
    intents,
    profileFields: [],
    activeScenario: null,
    activeStep: null,
  });

  it("abstains when the message and its closest example differ in polarity", () => {
    const intents = [
      scenario("confirm", ["that's correct", "yes that is correct", "correct, go ahead", "yes exactly", "that's it"]),
      scenario("deny", ["no, wrong", "that's wrong", "nope", "no way", "wrong one"]),
    ];
    const local = senseLocally(firstMessage("that's not correct", intents), cachedSparseVector);
    expect(local.context.detected_intent).toBe("confirm");
    expect(local.confidence).toBeLessThan(0.85);
    expect(local.why).toMatch(/polarity differs from its closest example/);
  });

  it("abstains when only the scenario's name resembles the message", () => {
    const intents = [
      scenario("who_made_you", ["who built you", "which company is your creator", "who programmed you"]),
      scenario("your_age", ["how old are you", "what is your age", "when is your birthday"]),
    ];
    const local = senseLocally(firstMessage("where were you made", intents), cachedSparseVector);
    expect(local.context.detected_intent).toBe("who_made_you");
    expect(local.confidence).toBeLessThan(0.85);
    expect(local.why).toMatch(/only its name resembles the message/);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { resolveAgentSettings } from "../contracts/agent-settings";
import { Bundle } from "../contracts/bundle";
import type { RuleCheck, TurnInput, TurnOutcome } from "../contracts/turn-outcome";
import { tapeEnd } from "../replay/external-state";
import { recordingPorts } from "../replay/recording-ports";
import { replayedTurnInput } from "../replay/replayed-input";
import { UNGROUNDED_INSTRUCTION } from "../stages/enforcement/ungrounded";
import { DEMO_CONVERSATIONS } from "../testing/demo-conversations";
import { firstTurn } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { recordSession } from "../testing/record-session";
import { HONEST_CLAIMS, REDRAFT, refundTurnState } from "../testing/refund-turn";
import { createScriptedProvider, generated, judged, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { runTurn } from "./run-turn";

// The `ungrounded` check (stages/enforcement/README.md#ungrounded-facts) through the whole pipeline on
// the demo agent: a fact the turn's evidence does not hold is a lane-1 violation under
// `enforcement.grounding_facts = block`, reported under `report` (the default), unchecked under `off`.

const embedder = createOfflineEmbedder();
type Mode = "block" | "report" | "off";
const compiled = new Map<Mode, CompiledAgent>();
/** The demo agent with `enforcement.grounding_facts` set to `mode`. */
function demoWith(mode: Mode): CompiledAgent {
  const agent = compiled.get(mode);
  if (!agent) throw new Error(`not compiled: ${mode}`);
  return agent;
}
beforeAll(async () => {
  const snapshot = snapshotFromBundle(demo);
  for (const mode of ["block", "report", "off"] as const)
    compiled.set(
      mode,
      await compileAgent(
        {
          ...snapshot,
          settings: resolveAgentSettings({ ...snapshot.settings, enforcement: { grounding_facts: mode } }),
        },
        embedder,
      ),
    );
});

const PARCEL = "When will my parcel arrive?";
const SAFE = "Your parcel is on its way; I'll share the tracking link as soon as I have it.";

/** A first turn about delivery: no tool runs, no step, only the GLOBAL rules are in play. */
async function parcelTurn(agent: CompiledAgent, drafts: string[], input: Partial<TurnInput> = {}) {
  const model = createScriptedProvider({ sense: [sensed()], generate: drafts.map((d) => generated(d)) });
  const out = await firstTurn(agent, { message: PARCEL, turnId: "g1", ...input }, testPorts(model, embedder));
  return { out, model };
}

/** The `ungrounded` check of every draft, in order. */
function groundingChecks(out: TurnOutcome): RuleCheck[] {
  return out.spans
    .filter((s) => s.name === "enforcement")
    .flatMap((s) => (s.attributes.checks as RuleCheck[]).filter((c) => c.ruleKey === "ungrounded"));
}

describe("a fact no evidence holds is the lane-1 violation `ungrounded`", () => {
  it.each([
    ["an amount", "I can give you $75 back for the delay.", "money", "$75"],
    ["a phone number", "If it is late, call 555-0199.", "number", "555"],
    ["a duration", "It will arrive within 14 days.", "duration", "14 days"],
  ])("%s: the draft is blocked and regenerated, and the trace names the fact", async (_what, draft, kind, text) => {
    const { out, model } = await parcelTurn(demoWith("block"), [draft, SAFE]);
    expect(out.outcome).toBe("regenerated");
    expect(out.response).toBe(SAFE);
    expect(out.violatedRuleIds).toEqual(["ungrounded"]);
    const [first, second] = groundingChecks(out);
    expect(first).toMatchObject({ lane: 1, result: "failed" });
    expect(first?.unsupportedFacts).toContainEqual(expect.objectContaining({ kind, text }));
    expect(first?.detail).toContain(`"${text}"`);
    expect(second?.result).toBe("passed");
    const redraft = model.requestsOf("generate")[1];
    expect(redraft?.violations).toEqual([
      { ruleName: "Ungrounded facts", actionText: UNGROUNDED_INSTRUCTION, detail: first?.detail },
    ]);
    expect(out.provenance.enforcement.violations_caught).toEqual([
      { rule_key: "ungrounded", lane: 1, detail: first?.detail },
    ]);
  });

  it("a model that ignores the schema and declares no claims is checked on its text all the same", async () => {
    const { out, model } = await parcelTurn(demoWith("block"), ["Good news: $75 is on its way to you.", SAFE]);
    expect(model.requestsOf("generate")).toHaveLength(2);
    expect(out.spans.find((s) => s.name === "generation")?.attributes.claim_problems).toBeDefined();
    expect(out.violatedRuleIds).toEqual(["ungrounded"]);
    expect(out.response).toBe(SAFE);
  });

  it("a judge that says yes to everything changes nothing: the check is lane 1 and asks no judge", async () => {
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: [generated("Good news: $75 is on its way to you."), generated(SAFE)],
      judge: () => judged(true),
    });
    const out = await firstTurn(demoWith("block"), { message: PARCEL, turnId: "g4" }, testPorts(model, embedder));
    expect(out.violatedRuleIds).toEqual(["ungrounded"]);
    expect(out.response).toBe(SAFE);
    expect(model.requestsOf("judge")).toHaveLength(0);
  });

  it("a redraft that still states an unfound fact ends in the safe fallback, never ships", async () => {
    const { out } = await parcelTurn(demoWith("block"), ["It arrives in 14 days.", "It arrives in 15 days."]);
    expect(out.outcome).toBe("fallback");
    expect(out.provenance.fallback_reason).toBe("enforcement_exhausted");
    expect(out.response).not.toMatch(/1[45] days/);
  });
});

describe("the same facts found in the turn's evidence pass", () => {
  it("in the customer's own message, a masked phone number as its placeholder", async () => {
    // Privacy masks the number before any stage reads it: the model sees, and repeats, the placeholder.
    const draft = "Noted: order A-1042 for $75, promised within 14 days. I'll call you on [PHONE_1] with news.";
    const { out } = await parcelTurn(demoWith("block"), [draft, SAFE], {
      message: "They promised order A-1042 ($75) within 14 days. My number is 555-0199.",
    });
    expect(out.outcome).toBe("answered");
    const [check] = groundingChecks(out);
    expect(check?.result).toBe("passed");
    expect(check?.variables).toMatchObject({
      "code A-1042": "customer",
      "money $75": "customer",
      "duration 14 days": "customer",
      "code PHONE_1": "customer",
    });
  });

  it("in a cited knowledge passage, and only when the turn cites it", async () => {
    const draft = "Parcels arrive within 14 days; for a late one call 555-0199 and ask for the $75 voucher.";
    const knowledge = {
      citedPassages: [
        { id: "p1", text: "Delivery: parcels arrive within 14 days. Late parcels: phone 555-0199 for a $75 voucher." },
      ],
    };
    const cited = await parcelTurn(demoWith("block"), [draft], { knowledge });
    expect(cited.out.outcome).toBe("answered");
    expect(cited.out.response).toBe(draft);
    expect(groundingChecks(cited.out)[0]?.variables).toMatchObject({
      "duration 14 days": "passages",
      "money $75": "passages",
    });
    const uncited = await parcelTurn(demoWith("block"), [draft, SAFE]);
    expect(uncited.out.violatedRuleIds).toEqual(["ungrounded"]);
  });

  it("in a tool output and in a rule: the order's $75.00, the $50 cap and the specialist's 2 business days", async () => {
    const draft =
      "Order 123 came to $75.00. I can refund $50 now, and a specialist will review the rest within 2 business days.";
    const model = createScriptedProvider({
      sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
      generate: [
        generated(draft, { ...HONEST_CLAIMS, refund_amount: { amount: 50, currency: "USD" } }),
        generated(REDRAFT, HONEST_CLAIMS),
      ],
      judge: () => judged(true),
    });
    const out = await runTurn(
      demoWith("block"),
      refundTurnState(),
      { message: "I want a refund for order 123", turnId: "g2" },
      testPorts(model, embedder),
    );
    expect(out.violatedRuleIds).toEqual([]);
    expect(out.response).toBe(draft);
    expect(groundingChecks(out)[0]?.variables).toMatchObject({
      "money $75.00": "toolOutputs",
      "money $50": "rules",
      "duration 2 business days": "rules",
    });
  });
});

describe("enforcement.grounding_facts", () => {
  it("report (the default): the reply ships and the check lists the facts found nowhere", async () => {
    expect(resolveAgentSettings({}).enforcement.grounding_facts).toBe("report");
    const draft = "I can give you $75 back for the delay.";
    const { out } = await parcelTurn(demoWith("report"), [draft]);
    expect(out.outcome).toBe("answered");
    expect(out.response).toBe(draft);
    expect(out.violatedRuleIds).toEqual([]);
    const [check] = groundingChecks(out);
    expect(check).toMatchObject({
      result: "reported",
      unsupportedFacts: [{ kind: "money", value: "USD 75", text: "$75" }],
    });
    expect(out.provenance.enforcement.lane1).toMatchObject({ failed: 0, unresolved: 0 });
    expect(out.spans.find((s) => s.name === "enforcement")?.decision).toMatch(
      /no violation; ungrounded reported \(1 fact found in no evidence\)$/,
    );
  });

  it("off: no check", async () => {
    const { out } = await parcelTurn(demoWith("off"), ["I can give you $75 back for the delay."]);
    expect(groundingChecks(out)).toEqual([]);
    expect(out.outcome).toBe("answered");
  });
});

it("the cited passages go on the tape, and a replay runs the turn with them", async () => {
  const knowledge = { citedPassages: [{ id: "p1", text: "Parcels arrive within 14 days." }] };
  const model = createScriptedProvider({ sense: [sensed()], generate: [generated("Within 14 days.")] });
  const input = { message: PARCEL, turnId: "g3", knowledge };
  const recorder = recordingPorts(testPorts(model, embedder), input);
  await firstTurn(demoWith("block"), input, recorder.ports);
  const tape = { ...recorder.tape(), end: tapeEnd({}, {}) };
  expect(tape.cited_passages).toEqual(knowledge.citedPassages);
  const replayed = replayedTurnInput({ turn: { message: PARCEL, turnId: "g3" }, tape, rebuilt: { fallbackStreak: 0 } });
  expect(replayed.knowledge).toEqual(knowledge);
});

it("the demo's own replies state no fact outside their turn's evidence (offline provider, every demo conversation and test)", async () => {
  const { tests } = Bundle.parse(demo);
  const sessions = [...DEMO_CONVERSATIONS, ...tests.map((t) => t.turns.map((turn) => turn.message))];
  let facts = 0;
  const unfound: string[] = [];
  for (const [i, messages] of sessions.entries()) {
    const ports = testPorts(createOfflineProvider(), embedder);
    const { outcomes } = await recordSession(demoWith("block"), `demo-${i}`, messages, ports);
    for (const check of outcomes.flatMap(groundingChecks)) {
      facts += Object.keys(check.variables ?? {}).length;
      if (check.result !== "passed") unfound.push(check.detail);
    }
  }
  expect(unfound).toEqual([]);
  // The replies do state facts (order ids, totals, the cap, the specialist's delay): the check read them.
  expect(facts).toBeGreaterThan(100);
});

import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import type { SessionState } from "../../contracts/session-state";
import { runTurn } from "../../pipeline/run-turn";
import { firstTurn } from "../../testing/first-turn";
import { testPorts } from "../../testing/fixed-ports";
import { createScriptedProvider, fail, generated, judged, ok, sensed } from "../../testing/scripted-provider";
import { snapshotFromBundle, withModelSensor } from "../../testing/snapshot-from-bundle";
import { readSidecar } from "./continuity-state";
import { evidenceFingerprint } from "./evidence-fingerprint";
import { DEFAULT_RUNTIME_CONSTANTS } from "./runtime-constants";

// The seven continuity blocker tests and further cases, on the demo agent whose order
// lookup offers sample1, sample2, sample3 and 123.

const embedder = createOfflineEmbedder();
let agent: CompiledAgent;
let offered: SessionState;

beforeAll(async () => {
  // The model sensor answers every turn here: these tests script or count its calls.
  agent = await compileAgent(withModelSensor(snapshotFromBundle(demo)), embedder);
  const model = createScriptedProvider({
    sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
    generate: [generated("I found these orders: sample1, sample2, sample3 and 123. Which one do you mean?")],
    judge: () => judged(true),
  });
  const out = await firstTurn(
    agent,
    { message: "I want my money back, can you show me my orders?", turnId: "o1", continuityEnabled: true },
    testPorts(model, embedder),
  );
  offered = out.session;
});

const follow = (
  message: string,
  script: Parameters<typeof createScriptedProvider>[0],
  session = offered,
  enabled = true,
) => {
  const model = createScriptedProvider({ judge: () => judged(true), ...script });
  return runTurn(
    agent,
    session,
    { message, turnId: `f-${message}`, continuityEnabled: enabled },
    testPorts(model, embedder),
  ).then((out) => ({ out, model }));
};
const span = (out: Awaited<ReturnType<typeof runTurn>>) =>
  out.spans.find((s) => s.name === "continuity")?.attributes as Record<string, unknown>;

describe("option sets", () => {
  it("a tool listing items becomes the active option set", () => {
    const sidecar = readSidecar(offered.continuity);
    expect(sidecar.state.activeOptionSetId).toBeTruthy();
    expect(sidecar.optionSets[0]?.candidates.map((c) => c.id)).toEqual(["sample1", "sample2", "sample3", "123"]);
    expect(sidecar.optionSets[0]?.bindsVariable).toBe("order_id");
    expect(sidecar.state.pendingClarifierType).toBe("selection_disambiguation");
  });
});

describe("continuity blockers", () => {
  it("1. 'open the sample2 pls' resolves with no clarifier and no model call for the resolve", async () => {
    const { out, model } = await follow("open the sample2 pls", {
      generate: () => generated("Order sample2: $42.50, delivered."),
    });
    expect(model.requestsOf("sense")).toHaveLength(0);
    expect(span(out)).toMatchObject({ reasons: ["deterministic_continuity_resolve"], winner: { id: "sample2" } });
    expect(out.outcome).not.toBe("clarified");
    expect(out.session.variables.order_id).toBe("sample2");
    expect(readSidecar(out.session.continuity).state).toMatchObject({
      lastAcceptedChoiceId: "sample2",
      recentActionTrace: [{ type: "select", targetRef: "sample2", outcome: "resolved" }],
    });
  });

  it.each(["Open the SAMPLE 2 please", "open   the sample2", "sample2", "select sample2!"])(
    "case and spacing variant %j resolves",
    async (message) => {
      const { out } = await follow(message, { generate: () => generated("Sure.") });
      expect(span(out)?.winner).toEqual({ id: "sample2", label: "Order sample2" });
    },
  );

  it("2. true ambiguity still clarifies (a message naming two candidates)", async () => {
    const { out, model } = await follow("open sample2 and sample3", {});
    expect(out.outcome).toBe("clarified");
    expect(out.response).toContain("sample2, sample3");
    expect(model.calls).toHaveLength(0);
  });

  it("3. stale continuity: after the option set is replaced, the old winner is not forced", async () => {
    const sidecar = readSidecar(offered.continuity);
    const replaced = {
      ...sidecar,
      state: { ...sidecar.state, activeOptionSetId: "optset-new" },
      optionSets: [
        {
          ...sidecar.optionSets[0],
          id: "optset-new",
          candidates: [
            { id: "kettle", label: "Blue kettle" },
            { id: "mug", label: "Mug" },
          ],
        },
        ...sidecar.optionSets,
      ],
    };
    const session = { ...offered, continuity: replaced as unknown as Record<string, unknown> };
    const { out, model } = await follow(
      "open the sample2 pls",
      { sense: [sensed()], generate: () => generated("Which order?") },
      session,
    );
    expect(model.requestsOf("sense")).toHaveLength(1);
    expect(span(out)?.winner).toBeNull();
  });

  it.each([
    ["what is sample2?", "question intent"],
    ["stop", "stop/cancel escapes"],
  ])("4. %j escapes", async (message, blocked) => {
    const { out, model } = await follow(message, { sense: [sensed()], generate: () => generated("Okay.") });
    expect(span(out)).toMatchObject({ winner: null, blocked_reason: blocked });
    expect(model.requestsOf("sense")).toHaveLength(1);
  });

  it("5. never executes outside the bounded candidates", async () => {
    const { out } = await follow("the second one", {
      select: [ok({ decision: "select", choice_id: "sample9", confidence: 0.99, neededEvidenceTypes: [] })],
    });
    expect(out.outcome).toBe("clarified");
    expect(out.session.variables.order_id).toBeUndefined();
    expect(span(out)?.blocked_reason).toContain("not a candidate");
  });

  it("6. an unchanged evidence fingerprint blocks the retry and falls back to a grounded clarifier", async () => {
    const { out, model } = await follow("the one from last week", {
      select: [
        ok({
          decision: "need_more_info",
          choice_id: null,
          confidence: 0.2,
          neededEvidenceTypes: ["active_widget_items"],
        }),
      ],
    });
    expect(model.requestsOf("select")).toHaveLength(1);
    expect(span(out)).toMatchObject({
      fallback_reason: "no_new_evidence",
      reasons: expect.arrayContaining(["llm_need_more_info", "continuity_enrichment_fingerprint_unchanged"]),
    });
    expect(span(out)?.fingerprint_after).toBe(span(out)?.fingerprint_before);
    expect(out.outcome).toBe("clarified");
  });

  it("7. an exhausted enrichment budget blocks further retries", async () => {
    const needMore = ok({
      decision: "need_more_info" as const,
      choice_id: null,
      confidence: 0.2,
      neededEvidenceTypes: ["chat_active_options", "scope_disambiguation_hint", "chat_recoverable_options"],
    });
    const { out, model } = await follow("the one from last week", { select: [needMore, needMore] });
    expect(model.requestsOf("select")).toHaveLength(DEFAULT_RUNTIME_CONSTANTS.SELECTION_MAX_LLM_CALLS);
    expect(span(out)).toMatchObject({
      fallback_reason: "budget_exhausted",
      retry_attempt_index: 1,
      retry_budget_remaining: 0,
    });
    expect(span(out)?.fingerprint_after).not.toBe(span(out)?.fingerprint_before);
    expect(span(out)?.reasons).toContain("continuity_enrichment_retry_called");
  });
});

describe("the bounded model call", () => {
  it("an ordinal resolves through llm_select", async () => {
    const { out } = await follow("the second one", {
      select: [ok({ decision: "select", choice_id: "sample2", confidence: 0.9, neededEvidenceTypes: [] })],
      generate: () => generated("Sure."),
    });
    expect(span(out)).toMatchObject({ reasons: ["llm_select"], winner: { id: "sample2" } });
  });

  it("a model timeout in the loop → the timeout outcome with a grounded clarifier", async () => {
    const { out } = await follow("the second one", { select: [fail("timeout")] });
    expect(out).toMatchObject({ outcome: "clarified", fallbackReason: "timeout" });
    expect(out.response).toContain("sample1, sample2, sample3, 123");
  });
});

describe("evidenceFingerprint", () => {
  it("is identical for identical evidence whatever the order of candidates and keys", () => {
    const a = evidenceFingerprint({
      scopeBinding: { activeScope: "chat", chatOptionSetId: "s1" },
      activeOptionSetId: "s1",
      candidates: [
        { id: "b", label: "B" },
        { id: "a", label: "A", sublabel: "x" },
      ],
      excerpts: ["two", "one"],
      continuitySchemaVersion: 1,
    });
    const b = evidenceFingerprint({
      continuitySchemaVersion: 1,
      excerpts: ["one", "two"],
      candidates: [
        { sublabel: "x", label: "A", id: "a" },
        { label: "B", id: "b" },
      ],
      activeOptionSetId: "s1",
      scopeBinding: { chatOptionSetId: "s1", activeScope: "chat" },
    });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the flag", () => {
  it("off: behaviour exactly as before — no continuity span, the sensor runs", async () => {
    const { out, model } = await follow(
      "open the sample2 pls",
      { sense: [sensed()], generate: () => generated("Which order?") },
      offered,
      false,
    );
    expect(out.spans.map((s) => s.name)).not.toContain("continuity");
    expect(model.requestsOf("sense")).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { createOfflineEmbedder } from "@/lib/providers/offline";
import { compileAgent } from "../compile/compile-agent";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import { confirmDeskBundle } from "../testing/confirm-desk.bundle";
import { firstMessage } from "../testing/first-turn";
import { testPorts } from "../testing/fixed-ports";
import { createScriptedProvider, generated, sensed } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { runTurn } from "./run-turn";

const embedder = createOfflineEmbedder();
const atConfirm = (): SessionState => ({
  ...emptySessionState(),
  activeScenarioId: "scenario:upgrade",
  activeStepId: "step:upgrade/confirm",
});
const talk = () =>
  createScriptedProvider({ sense: () => sensed({ intent_confidence: 0.1 }), generate: () => generated("Okay.") });

async function say(settings: Record<string, unknown>, session: SessionState, message: string, n = 0) {
  const agent = await compileAgent(snapshotFromBundle(confirmDeskBundle(settings)), embedder);
  return runTurn(agent, session, { message, turnId: `r${n}` }, testPorts(talk(), embedder));
}

describe("routing fallback: the stuck user", () => {
  it('"maybe" at a yes/no step clarifies twice, then stays (fallback_behavior clarify)', async () => {
    let session = atConfirm();
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const out = await say({}, session, "maybe", i);
      outcomes.push(out.outcome);
      if (i < 2)
        expect(out.response).toBe("I didn't quite understand. Please answer yes or no: shall I upgrade your plan?");
      session = out.session;
    }
    expect(outcomes).toEqual(["clarified", "clarified", "answered"]);
    expect(session.activeStepId).toBe("step:upgrade/confirm");
    expect(session.stepClarificationCount["step:upgrade/confirm"]).toBe(2);
  });

  it("escalates after max_clarifications_per_step when fallback_behavior is escalate", async () => {
    let session = atConfirm();
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const out = await say(
        { scenario_filter: { fallback_behavior: "escalate", max_clarifications_per_step: 2 } },
        session,
        "maybe",
        i,
      );
      outcomes.push(out.outcome);
      session = out.session;
    }
    expect(outcomes).toEqual(["clarified", "clarified", "escalated"]);
  });

  it('"yes" moves on and resets nothing it should not', async () => {
    const out = await say({}, atConfirm(), "yes please");
    expect(out.session.activeStepId).toBe("step:upgrade/done");
    expect(out.spans.find((s) => s.name === "routing")?.attributes.action).toBe("transition");
  });
});

describe("lane 1: unresolved is reported, never a silent pass", () => {
  it("a hard rule whose variable nobody resolved reports unresolved and names the variable", async () => {
    const agent = await compileAgent(snapshotFromBundle(confirmDeskBundle()), embedder);
    const model = createScriptedProvider({ sense: [sensed()], generate: [generated("You get 20% off today.")] });
    const out = await firstMessage(agent, "any deals?", "u1", model, embedder);
    const check = out.provenance.enforcement.checks.find((c) => c.ruleKey === "vip-credit");
    expect(check).toMatchObject({ result: "unresolved", unresolved: ["credit_limit"] });
    expect(out.provenance.enforcement.lane1.unresolved).toBe(1);
  });

  it("with the profile value known, the same reply fails and is regenerated", async () => {
    const agent = await compileAgent(snapshotFromBundle(confirmDeskBundle()), embedder);
    const model = createScriptedProvider({
      sense: [sensed()],
      generate: [
        generated("You get 20% off today.", { discount_pct: 20 }),
        generated("You get 10% off today.", { discount_pct: 10 }),
      ],
    });
    const session = { ...emptySessionState(), profile: { credit_limit: 15 } };
    const out = await runTurn(agent, session, { message: "any deals?", turnId: "u2" }, testPorts(model, embedder));
    expect(out.violatedRuleIds).toEqual(["rule:vip-credit"]);
    expect(out.outcome).toBe("regenerated");
  });

  it("entities are validated against the profile field definitions before they touch the profile", async () => {
    const agent = await compileAgent(snapshotFromBundle(confirmDeskBundle()), embedder);
    const model = createScriptedProvider({
      sense: [sensed({ entities: { tier: "platinum", credit_limit: "40", shoe_size: 9 } })],
      generate: [generated("Noted.")],
    });
    const out = await firstMessage(agent, "I'm platinum with a 40 limit", "u3", model, embedder);
    expect(out.profileUpdates).toEqual({ credit_limit: 40 });
    expect(out.spans.find((s) => s.name === "sensor")?.attributes).toMatchObject({
      entities_rejected: [{ field: "tier" }],
      entities_ignored: ["shoe_size"],
    });
  });
});

describe("filtering: max_fires_per_session and cooldown_turns", () => {
  it("drops a rule after its last allowed fire and during its cooldown", async () => {
    const agent = await compileAgent(
      snapshotFromBundle(
        confirmDeskBundle({ scenario_filter: { fallback_behavior: "stay", max_clarifications_per_step: 0 } }),
      ),
      embedder,
    );
    let session: SessionState = {
      ...emptySessionState(),
      activeScenarioId: "scenario:upgrade",
      activeStepId: "step:upgrade/confirm",
    };
    const fired: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const model = createScriptedProvider({
        sense: [sensed({ detected_intent: "upgrade_plan", intent_confidence: 0.9 })],
        generate: [generated("Sure.")],
      });
      const out = await runTurn(
        agent,
        session,
        { message: "I want to upgrade my plan", turnId: `f${i}` },
        testPorts(model, embedder),
      );
      fired.push(out.firedRuleIds.filter((id) => id !== "rule:vip-credit").sort());
      session = out.session;
    }
    // Turn 0 fires both; one-time-tip never again (max 1); cooldown-tip rests turns 1–2 (cooldown 2).
    expect(fired).toEqual([["rule:cooldown-tip", "rule:one-time-tip"], [], [], ["rule:cooldown-tip"]]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { Bundle } from "../contracts/bundle";
import { BundleTestCase, type BundleTestCaseInput } from "../contracts/test-case";
import { staticToolRunner } from "../testing/fixed-ports";
import { createScriptedProvider, fail } from "../testing/scripted-provider";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { type CaseRunPorts, runCaseOnce } from "./run-case";
import { runSuite } from "./run-suite";

const embedder = createOfflineEmbedder();
const offline = (mode: CaseRunPorts["mode"] = "offline"): CaseRunPorts => ({
  mode,
  model: createOfflineProvider(),
  embedder,
  tools: staticToolRunner(),
});
let agent: CompiledAgent;
beforeAll(async () => {
  agent = await compileAgent(snapshotFromBundle(demo), embedder);
});

const france = (assertions: BundleTestCaseInput["turns"][number]["assertions"]) =>
  BundleTestCase.parse({
    key: "france",
    name: "France",
    turns: [{ message: "I'm in France and want a refund for order 123", assertions }],
  });

describe("runCaseOnce", () => {
  it("passes every assertion the France turn meets", async () => {
    const result = await runCaseOnce(
      agent,
      france([
        { kind: "outcome_is", outcome: "regenerated" },
        { kind: "outcome_is_not", outcome: "fallback" },
        { kind: "scenario_is", scenario: "refund" },
        { kind: "step_is", step: "refund/look_up_order" },
        { kind: "rule_fired", rule: "max-refund" },
        { kind: "rule_not_fired", rule: "vip-thanks" },
        { kind: "rule_violated", rule: "max-refund" },
        { kind: "rule_not_violated", rule: "no-competitor-mentions" },
        { kind: "reply_contains", text: "REFUND $50" },
        { kind: "reply_not_contains", text: "$75 refund" },
        { kind: "reply_matches", pattern: "refund \\$\\d+" },
        { kind: "cel", expression: "refund_amount <= 50 && country == 'France'" },
        { kind: "max_model_calls", max: 5 },
      ]),
      offline(),
    );
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(true);
  });

  it("fails each assertion the turn does not meet, saying what happened", async () => {
    const result = await runCaseOnce(
      agent,
      france([
        { kind: "outcome_is", outcome: "answered" },
        { kind: "step_is", step: "refund/offer_refund" },
        { kind: "rule_not_violated", rule: "max-refund" },
        { kind: "reply_contains", text: "store credit" },
        { kind: "cel", expression: "refund_amount < 50" },
        { kind: "cel", expression: "refund_amount < 50 || tier == 'vip'" },
        { kind: "max_model_calls", max: 2 },
      ]),
      offline(),
    );
    expect(result.passed).toBe(false);
    expect(result.failures.map((f) => [f.path, f.kind, f.detail])).toEqual([
      ["turns[0].assertions[0]", "outcome_is", "outcome regenerated, expected answered"],
      ["turns[0].assertions[1]", "step_is", "step refund/look_up_order, expected refund/offer_refund"],
      ["turns[0].assertions[2]", "rule_not_violated", "rules caught before shipping: max-refund"],
      ["turns[0].assertions[3]", "reply_contains", expect.stringContaining("I can refund $50")],
      ["turns[0].assertions[4]", "cel", "false for refund_amount=50"],
      ["turns[0].assertions[5]", "cel", "unresolved: the turn stated no tier"],
      ["turns[0].assertions[6]", "max_model_calls", "3 model calls, at most 2"],
    ]);
  });

  it("checks the whole conversation", async () => {
    const testCase = BundleTestCase.parse({
      key: "walk",
      name: "walk",
      turns: [{ message: "I want my money back" }, { message: "It's order 123" }],
      assertions: [
        { kind: "reaches_step", step: "refund/look_up_order" },
        { kind: "reaches_step", step: "refund/offer_refund" },
        { kind: "never_falls_back" },
        { kind: "never_ships_lane1_failure" },
      ],
    });
    const result = await runCaseOnce(agent, testCase, offline());
    expect(result.conversation.map((c) => c.passed)).toEqual([true, false, true, true]);
    expect(result.conversation[1]?.detail).toBe("steps visited: refund/ask_order → refund/look_up_order");
  });

  it("records a provider failure as a failed case, never a thrown error", async () => {
    const failing = createScriptedProvider({
      sense: [fail("timeout")],
      generate: () => fail("timeout"),
      judge: () => fail("timeout"),
    });
    const testCase = BundleTestCase.parse({
      key: "t",
      name: "t",
      turns: [{ message: "hello", assertions: [{ kind: "outcome_is", outcome: "answered" }] }],
      assertions: [{ kind: "never_falls_back" }],
    });
    const result = await runCaseOnce(agent, testCase, { ...offline("live"), model: failing });
    expect(result.passed).toBe(false);
    expect(result.failures.map((f) => f.detail)).toEqual(["outcome fallback, expected answered", "turn 1 fell back"]);
  });
});

describe("the demo suite", () => {
  it.each(["frozen", "offline"] as const)("is green in %s mode", async (mode) => {
    const { tests } = Bundle.parse(demo);
    const report = await runSuite(agent, tests, { ports: offline(mode), k: 4 });
    const red = report.cases.filter((c) => c.status !== "passed").map((c) => [c.key, c.detail.failures]);
    expect(red).toEqual([]);
    expect(report.reliability).toMatchObject({ pass_1: 1, pass_k: 1, k: 4, flaky: 0 });
    expect(report.cases.length).toBeGreaterThanOrEqual(12);
  });

  it("serves the recorded competitor draft from its tape in frozen mode, and never ships it", async () => {
    const { tests } = Bundle.parse(demo);
    const recorded = tests.filter((t) => t.key === "competitor-in-unrelated-reply");
    const frozen = await runSuite(agent, recorded, { ports: offline("frozen"), k: 1 });
    const turn = frozen.cases[0]?.detail.turns[0];
    expect(turn?.served).toBe("tape");
    expect(turn?.facts.outcome).toBe("regenerated");
    expect(turn?.facts.rulesViolated).toEqual(["no-competitor-mentions"]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { Bundle } from "../contracts/bundle";
import { validateTestCases } from "../contracts/bundle-tests";
import { BundleTestCase, type BundleTestCaseInput } from "../contracts/test-case";
import { staticToolRunner } from "../testing/fixed-ports";
import { snapshotFromBundle } from "../testing/snapshot-from-bundle";
import { type CaseRunPorts, runCaseOnce } from "./run-case";

// "Hands off", "asks for approval" and "opens a follow-up" (docs/conversation-tests.md) on the demo,
// on the demo with its order lookup behind an approval (docs/approvals.md), and with
// `handoff.open_on_promise` off.

const embedder = createOfflineEmbedder();
const ports: CaseRunPorts = {
  mode: "offline",
  model: createOfflineProvider(),
  embedder,
  tools: staticToolRunner(),
};
const approving = { ...demo, tools: demo.tools.map((tool) => ({ ...tool, requires_approval: true })) };
const unpromising = {
  ...demo,
  agent: { ...demo.agent, settings: { ...demo.agent.settings, handoff: { open_on_promise: false } } },
};
let plain: CompiledAgent;
let gated: CompiledAgent;
let promisesOff: CompiledAgent;
beforeAll(async () => {
  plain = await compileAgent(snapshotFromBundle(demo), embedder);
  gated = await compileAgent(snapshotFromBundle(approving), embedder);
  promisesOff = await compileAgent(snapshotFromBundle(unpromising), embedder);
});

const ASK_ORDERS = "I want my money back, can you show me my orders?";
type Assertions = BundleTestCaseInput["turns"][number]["assertions"];
const oneTurn = (message: string, assertions: Assertions) =>
  BundleTestCase.parse({ key: "case", name: "Case", turns: [{ message, assertions }] });
/** Runs a case of one turn offline: the customer's message and what that turn must do. */
const runOneTurn = (agent: CompiledAgent, message: string, assertions: Assertions) =>
  runCaseOnce(agent, oneTurn(message, assertions), ports);
/** Each failed assertion as its path and what the designer reads. */
const failuresOf = (result: Awaited<ReturnType<typeof runCaseOnce>>) => result.failures.map((f) => [f.path, f.detail]);

describe("hands_off", () => {
  it("passes on a customer asking for a person, with or without the reason, and fails on another reason", async () => {
    const result = await runOneTurn(plain, "I want a real person", [
      { kind: "hands_off" },
      { kind: "hands_off", reason: "customer_request" },
      { kind: "hands_off", reason: "rule" },
    ]);
    expect(failuresOf(result)).toEqual([["turns[0].assertions[2]", "handed off (customer_request), expected rule"]]);
  });

  it("fails on a turn the agent answers, saying what the outcome was", async () => {
    const result = await runOneTurn(plain, ASK_ORDERS, [{ kind: "hands_off" }]);
    expect(result.passed).toBe(false);
    expect(result.failures[0]?.detail).toMatch(/^outcome \w+, expected a handoff$/);
  });
});

describe("asks_for_approval", () => {
  it("passes when the turn pauses before the tool, for any tool or that one; fails for another key", async () => {
    const result = await runOneTurn(gated, ASK_ORDERS, [
      { kind: "asks_for_approval" },
      { kind: "asks_for_approval", tool: "lookup_order" },
      { kind: "outcome_is", outcome: "awaiting_approval" },
      { kind: "asks_for_approval", tool: "issue_refund" },
    ]);
    expect(failuresOf(result)).toEqual([
      ["turns[0].assertions[3]", "asked approval for lookup_order, expected issue_refund"],
    ]);
  });

  it("fails on the same turn when the tool needs no approval", async () => {
    const result = await runOneTurn(plain, ASK_ORDERS, [{ kind: "asks_for_approval" }]);
    expect(result.failures[0]?.detail).toMatch(/^outcome \w+, expected a pause for approval$/);
  });

  it("a tool key the agent does not have is refused when the case is checked", () => {
    const bundle = Bundle.parse(demo);
    const issues = validateTestCases(bundle, [oneTurn(ASK_ORDERS, [{ kind: "asks_for_approval", tool: "nope" }])]);
    expect(issues).toEqual([
      { path: "tests[0].turns[0].assertions[0].tool", message: expect.stringContaining('No tool "nope"') },
    ]);
  });
});

describe("opens_follow_up", () => {
  const OVER_THE_CAP = "I want a refund of $75 for order 123";

  it("passes when the shipped reply promises a specialist's review, and carries the promise", async () => {
    const result = await runOneTurn(plain, OVER_THE_CAP, [{ kind: "opens_follow_up" }]);
    expect(result.failures).toEqual([]);
    expect(result.turns[0]?.facts.followUp).toBe(
      "a specialist will review the rest of order 123 within 2 business days",
    );
  });

  it("fails when the reply promises nothing, even when the customer's message names a specialist", async () => {
    const result = await runOneTurn(plain, "a specialist will review my order, can you show me my orders?", [
      { kind: "opens_follow_up" },
    ]);
    expect(result.turns[0]?.facts.followUp).toBeNull();
    expect(result.failures[0]?.detail).toMatch(/^no follow-up: the reply promised none/);
  });

  it("reads no promise when handoff.open_on_promise is off", async () => {
    const result = await runOneTurn(promisesOff, OVER_THE_CAP, [{ kind: "opens_follow_up" }]);
    expect(result.turns[0]?.facts.response).toMatch(/a specialist will review/);
    expect(result.turns[0]?.facts.followUp).toBeNull();
    expect(result.passed).toBe(false);
  });

  it("a handoff's message promises nothing the host must open again", async () => {
    const result = await runOneTurn(plain, "I want a real person", []);
    expect(result.turns[0]?.facts.outcome).toBe("handoff");
    expect(result.turns[0]?.facts.followUp).toBeNull();
  });
});

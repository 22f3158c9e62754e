import { beforeAll, describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { type CompiledAgent, compileAgent } from "../../compile/compile-agent";
import { ApprovalSettings } from "../../contracts/people-settings";
import { firstTurn } from "../../testing/first-turn";
import { staticToolRunner, testPorts } from "../../testing/fixed-ports";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";

// docs/approvals.md#the-pause through runTurn: the demo's look-up-order rule attaches the order lookup
// (requires approval) and a price list (does not). A paused turn calls no tool at all, so the resumed
// turn calls each exactly once.

const embedder = createOfflineEmbedder();
const ASK_ORDERS = "I want my money back, can you show me my orders?";
const PRICE_LIST = {
  key: "price_list",
  name: "Price list",
  kind: "static" as const,
  output: { data: { items: [] }, variables: {} },
};
let agent: CompiledAgent;
let lookupId: string;

beforeAll(async () => {
  const bundle = {
    ...demo,
    tools: [...demo.tools.map((tool) => ({ ...tool, requires_approval: true })), PRICE_LIST],
    rules: demo.rules.map((rule) =>
      (rule.attached_tools as string[]).includes("lookup_order")
        ? { ...rule, attached_tools: [...rule.attached_tools, "price_list"] }
        : rule,
    ),
  };
  agent = await compileAgent(snapshotFromBundle(bundle), embedder);
  lookupId = [...agent.tools.values()].find((tool) => tool.key === "lookup_order")?.id ?? "";
});

async function turn(approval?: { toolId: string; decision: "approved" | "denied" }) {
  const tools = staticToolRunner();
  const outcome = await firstTurn(
    agent,
    { message: ASK_ORDERS, turnId: "t1", ...(approval ? { approval } : {}) },
    testPorts(createOfflineProvider(), embedder, tools),
  );
  return { outcome, called: tools.calls.map((c) => c.key) };
}

describe("a tool that requires approval", () => {
  it("pauses the turn before any tool runs: holding reply, the paused call with its rule and step", async () => {
    const { outcome, called } = await turn();
    expect(called).toEqual([]);
    expect(outcome.outcome).toBe("awaiting_approval");
    expect(outcome.response).toBe(ApprovalSettings.defaults.holding_reply);
    expect(outcome.modelCalls).toBe(0);
    expect(outcome.approval).toMatchObject({
      toolKey: "lookup_order",
      input: {},
      scenario: { key: "refund" },
      step: { key: "look_up_order" },
    });
    expect(outcome.spans.map((s) => s.name).at(-1)).toBe("tools");
    expect(outcome.spans.at(-1)?.decision).toBe("lookup_order awaits approval");
  });

  it("approved: every attached tool runs once and the reply is drafted as usual", async () => {
    const { outcome, called } = await turn({ toolId: lookupId, decision: "approved" });
    expect(called.sort()).toEqual(["lookup_order", "price_list"]);
    expect(outcome.outcome).not.toBe("awaiting_approval");
    expect(outcome.approval).toBeNull();
    expect(outcome.spans.map((s) => s.name)).toContain("generation");
  });

  it("denied: the denied tool never runs, the others do, and the customer gets the denied reply", async () => {
    const { outcome, called } = await turn({ toolId: lookupId, decision: "denied" });
    expect(called).toEqual(["price_list"]);
    expect(outcome.response).toBe(ApprovalSettings.defaults.denied_reply);
    expect(outcome.provenance.tools_called).toContainEqual({
      key: "lookup_order",
      name: "Look up order",
      ok: false,
      detail: "denied by an operator",
    });
    expect(outcome.spans.map((s) => s.name)).not.toContain("generation");
  });

  it("a decision on another tool does not stand for this one", async () => {
    const { outcome, called } = await turn({ toolId: "tool:other", decision: "approved" });
    expect(called).toEqual([]);
    expect(outcome.outcome).toBe("awaiting_approval");
  });
});

import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createOfflineEmbedder, createOfflineProvider } from "@/lib/providers/offline";
import { compileAgent } from "../../compile/compile-agent";
import { emptySessionState } from "../../contracts/session-state";
import { runTurn } from "../../pipeline/run-turn";
import type { ToolResult } from "../../ports";
import { staticToolRunner, testPorts } from "../../testing/fixed-ports";
import { snapshotFromBundle } from "../../testing/snapshot-from-bundle";

// A failed tool's typed error through runTurn: output variables whose path starts at `error` take the
// error's status and reason, so a rule or a CEL expression can branch on them; a later success clears them.

const embedder = createOfflineEmbedder();
const ASK_ORDERS = "I want my money back, can you show me my orders?";

async function agentWithErrorVariables() {
  const bundle = {
    ...demo,
    tools: demo.tools.map((tool) =>
      tool.key === "lookup_order"
        ? {
            ...tool,
            output: { ...tool.output, variables: { lookup_status: "error.status", lookup_failure: "error.reason" } },
          }
        : tool,
    ),
  };
  return compileAgent(snapshotFromBundle(bundle), embedder);
}

describe("a tool's typed error", () => {
  it("sets error.status and error.reason variables on a non-2xx answer and clears them after a success", async () => {
    const agent = await agentWithErrorVariables();
    const failing: ToolResult = {
      ok: false,
      reason: "error",
      message: "HTTP 409 from api.test",
      durationMs: 3,
      status: 409,
    };
    const state = emptySessionState();
    const first = await runTurn(
      agent,
      state,
      { message: ASK_ORDERS, turnId: "t1" },
      testPorts(createOfflineProvider(), embedder, staticToolRunner({ lookup_order: () => failing })),
    );
    const call = first.provenance.tools_called.find((c) => c.key === "lookup_order");
    expect(call).toBeDefined();
    expect(first.session.variables).toMatchObject({ lookup_status: 409, lookup_failure: "error" });
    const span = first.spans.find((s) => s.name === "tools");
    expect(JSON.stringify(span?.attributes)).toContain('"status":409');

    const second = await runTurn(
      agent,
      first.session,
      { message: ASK_ORDERS, turnId: "t2" },
      testPorts(createOfflineProvider(), embedder, staticToolRunner()),
    );
    expect(second.session.variables).not.toHaveProperty("lookup_status");
    expect(second.session.variables).not.toHaveProperty("lookup_failure");
  });
});

import type { TurnStage } from "../../pipeline/turn-stage";
import { filteringStage } from "../filtering/filtering-stage";
import { runTools, type ToolCall } from "./run-tools";

/** Stage 6 (README): the matched rules' tools, in a single pass; a tool that requires approval pauses the turn. */
export const toolsStage: TurnStage<ToolCall[]> = {
  name: "tools",
  async run(ctx, turn) {
    const value = await runTools(
      ctx.agent,
      ctx.session,
      turn.valueOf(filteringStage).matched,
      ctx.ports.tools,
      ctx.input.approval,
    );
    return {
      value,
      status: value.some((c) => !c.ok && !c.detail.startsWith("skipped") && !c.awaitingApproval) ? "error" : "ok",
      decision: value.length
        ? value.map((c) => `${c.key} ${c.awaitingApproval ? "awaits approval" : c.ok ? "ok" : "failed"}`).join(", ")
        : "no tools attached to matched rules",
      attributes: { calls: value.map(({ output: _output, ...call }) => call) },
    };
  },
  // docs/approvals.md: the turn stops before the call (holding reply) or, denied, says it could not.
  settle(ctx, value) {
    const paused = value.find((c) => c.awaitingApproval)?.awaitingApproval;
    if (paused) {
      return {
        response: ctx.settings.approvals.holding_reply,
        outcome: "awaiting_approval",
        fallbackReason: null,
        approval: paused,
      };
    }
    if (value.some((c) => c.denied)) {
      return { response: ctx.settings.approvals.denied_reply, outcome: "answered", fallbackReason: null };
    }
    return null;
  },
  outcomeParts: (value) => ({ toolCalls: value }),
};

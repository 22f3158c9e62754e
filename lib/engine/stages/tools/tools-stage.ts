import type { TurnStage } from "../../pipeline/turn-stage";
import { filteringStage } from "../filtering/filtering-stage";
import { runTools, type ToolCall } from "./run-tools";

/** Stage 6 (README): the matched rules' tools, in a single pass. */
export const toolsStage: TurnStage<ToolCall[]> = {
  name: "tools",
  async run(ctx, turn) {
    const value = await runTools(ctx.agent, ctx.session, turn.valueOf(filteringStage).matched, ctx.ports.tools);
    return {
      value,
      status: value.some((c) => !c.ok && !c.detail.startsWith("skipped")) ? "error" : "ok",
      decision: value.length
        ? value.map((c) => `${c.key} ${c.ok ? "ok" : "failed"}`).join(", ")
        : "no tools attached to matched rules",
      attributes: { calls: value.map(({ output: _output, ...call }) => call) },
    };
  },
  outcomeParts: (value) => ({ toolCalls: value }),
};

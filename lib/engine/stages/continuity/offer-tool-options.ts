import type { TurnContext } from "../../pipeline/turn-context";
import type { ToolCall } from "../tools/run-tools";
import { readSidecar } from "./continuity-state";
import { offerOptionSets } from "./option-sets";
import { runtimeConstants } from "./runtime-constants";

/** After the tools stage: a listed result becomes the active option set (continuity enabled only). */
export function offerToolOptions(ctx: TurnContext, toolCalls: ToolCall[]): void {
  const { sidecar } = offerOptionSets(
    ctx.agent,
    readSidecar(ctx.session.continuity),
    toolCalls,
    ctx.session.turnIndex,
    ctx.ports.clock.now(),
    ctx.ports.ids,
    runtimeConstants(ctx.settings.continuity),
  );
  ctx.session.continuity = sidecar;
}

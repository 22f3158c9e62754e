import type { CompiledAgent } from "../../compile/compile-agent";
import { pathInputs } from "../../contracts/tool-output-path";
import type { Ids } from "../../ports";
import type { ToolCall } from "../tools/run-tools";
import {
  OptionCandidate as Candidate,
  type ContinuitySidecar,
  type OptionCandidate,
  type OptionSet,
} from "./continuity-state";
import type { ContinuityRuntimeConstants } from "./runtime-constants";

const CHAT_SCOPE = "chat";

/** Tool output `items: [{ id, label, sublabel?, type? }]` — the shape option sets come from. */
function itemsOf(output: unknown): OptionCandidate[] | null {
  const items = (output as { items?: unknown })?.items;
  if (!Array.isArray(items) || items.length < 2) return null;
  const candidates = items.flatMap((item) => {
    const parsed = Candidate.safeParse({
      id: String((item as { id?: unknown })?.id ?? ""),
      label: String((item as { label?: unknown })?.label ?? ""),
      ...((item as { sublabel?: string }).sublabel
        ? { sublabel: String((item as { sublabel?: string }).sublabel) }
        : {}),
      ...((item as { type?: string }).type ? { type: String((item as { type?: string }).type) } : {}),
    });
    return parsed.success && parsed.data.id && parsed.data.label ? [parsed.data] : [];
  });
  return candidates.length >= 2 ? candidates : null;
}

/** Option sets older than the TTL (turns or minutes) are no longer recoverable. */
export function withinTtl(set: OptionSet, turnIndex: number, now: Date, k: ContinuityRuntimeConstants): boolean {
  const minutes = (now.getTime() - Date.parse(set.createdAt)) / 60_000;
  return turnIndex - set.createdTurn <= k.CONTINUITY_TTL_MAX_TURNS && minutes <= k.CONTINUITY_TTL_MAX_MINUTES;
}

/**
 * Option sets (docs/continuity.md#state): when a tool returns a list, it becomes the active option set with a new
 * activeOptionSetId; the previous sets stay recoverable while within the TTL.
 */
export function offerOptionSets(
  agent: CompiledAgent,
  sidecar: ContinuitySidecar,
  toolCalls: ToolCall[],
  turnIndex: number,
  now: Date,
  ids: Ids,
  k: ContinuityRuntimeConstants,
): { sidecar: ContinuitySidecar; offered: OptionSet | null } {
  for (const call of toolCalls) {
    if (!call.ok) continue;
    const candidates = itemsOf(call.output);
    if (!candidates) continue;
    const binds = (agent.toolVariables.get(call.toolId) ?? []).flatMap((v) => pathInputs(v.steps))[0] ?? null;
    const set: OptionSet = {
      id: ids.next("optset"),
      scope: CHAT_SCOPE,
      source: `tool:${call.key}`,
      bindsVariable: binds,
      candidates,
      createdTurn: turnIndex,
      createdAt: now.toISOString(),
    };
    const kept = sidecar.optionSets.filter((s) => withinTtl(s, turnIndex, now, k));
    return {
      offered: set,
      sidecar: {
        state: {
          ...sidecar.state,
          activeOptionSetId: set.id,
          activeScope: CHAT_SCOPE,
          pendingClarifierType: "selection_disambiguation",
        },
        optionSets: [set, ...kept].slice(0, 5),
      },
    };
  }
  return { sidecar, offered: null };
}

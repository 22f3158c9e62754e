import "server-only";
import { familyRows, getLoopRow, loopCompletionsOf, loopOverrides } from "@/db/queries/loops";
import type { DbOrTx } from "@/db/types";
import type { LoopCompletionView, LoopOverrideView } from "@/lib/loops/loop-view";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { loopViews } from "./loop-views";

function reflectionSource(request: Record<string, unknown>): LoopCompletionView["reflectionSource"] {
  if (request.reflection) return "precomputed";
  return request.goal !== undefined ? "judged" : "stored";
}

/** A loop with its family (the lineage), the overrides made on it and its completions; null if unknown. */
export async function loadLoopDetail(db: DbOrTx, loopId: string) {
  const row = await getLoopRow(db, loopId);
  if (!row || !reachesAgentId(row.agentId)) return null;
  const [familyList, overrideRows, completionRows] = await Promise.all([
    familyRows(db, row.familyId),
    loopOverrides(db, loopId),
    loopCompletionsOf(db, loopId),
  ]);
  const family = await loopViews(db, familyList);
  const loop = family.find((view) => view.loopId === loopId);
  if (!loop) return null;
  const overrides: LoopOverrideView[] = overrideRows.map((o) => ({
    id: o.id,
    overriddenBy: o.overriddenBy,
    overrideReason: o.overrideReason,
    overrideFatigue: o.overrideFatigue,
    overrideMaxReruns: o.overrideMaxReruns,
    actorKind: o.actorKind,
    ledgerSeq: o.ledgerSeq,
    createdAt: o.createdAt.toISOString(),
  }));
  const completions: LoopCompletionView[] = completionRows.map((c) => {
    const decision = (c.result.decision_result ?? {}) as { decision?: string; new_loop_id?: string };
    return {
      id: c.id,
      createdAt: c.createdAt.toISOString(),
      reflectionSource: reflectionSource(c.request),
      decision: decision.decision ?? null,
      newLoopId: decision.new_loop_id ?? null,
    };
  });
  return { loop, family, overrides, completions };
}

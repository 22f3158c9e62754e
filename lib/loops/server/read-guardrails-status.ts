import "server-only";
import { familyRows, getLoopRow } from "@/db/queries/loops";
import type { DbOrTx } from "@/db/types";
import { type GuardrailsStatusResponse, getGuardrailsStatus } from "@/lib/engine/loops";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import { guardrailConfigFor } from "./loop-config";
import { loopRecordFromRow } from "./loop-rows";

/** GET /orchestrator/guardrails-status/{loop_id}: the stored record in the published shape; 404 if unknown. */
export async function readGuardrailsStatus(db: DbOrTx, loopId: string): Promise<GuardrailsStatusResponse> {
  const row = await getLoopRow(db, loopId);
  if (!row || !reachesAgentId(row.agentId)) throw new AppError("NOT_FOUND", `No loop with id ${loopId}.`);
  const [family, config] = await Promise.all([
    familyRows(db, row.familyId),
    guardrailConfigFor(db, row.agentId, row.kind),
  ]);
  // With the family, rerun_count is the family's current count (loop_001 reads 2 once _r2 was issued).
  return getGuardrailsStatus(loopRecordFromRow(row), config, family.map(loopRecordFromRow));
}

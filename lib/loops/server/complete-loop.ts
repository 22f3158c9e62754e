import "server-only";
import { lockBiasTags, lockLoopFamily } from "@/db/queries/advisory-locks";
import { getAgentByKey } from "@/db/queries/agents";
import { biasCountsForTags, familyRows } from "@/db/queries/loops";
import type { Database, LoopTraceRow } from "@/db/types";
import type { FallbackReason } from "@/lib/engine/contracts/model";
import {
  familyRootOf,
  fatigueExceeded,
  type GuardrailConfig,
  INVALID_REFLECTION_STATUS_MESSAGE,
  type LoopCompleteError,
  type LoopCompleteResponse,
  type LoopCompletionOutcome,
  type LoopTraceItem,
  processLoopCompletion,
  type ReflectionInput,
  uniqueTags,
} from "@/lib/engine/loops";
import type { EnginePorts } from "@/lib/engine/ports";
import type { LoopCompleteBody } from "@/lib/loops/api-schemas";
import { reachable, reachesAgentId } from "@/lib/server/access/agent-access";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { judgeLoopReflection } from "./judge-reflection";
import { agentSettingsOf, guardrailConfigOf } from "./loop-config";
import { loopRecordFromRow } from "./loop-rows";
import { storeLoopCompletion } from "./store-loop-completion";

// POST /orchestrator/loop-complete behind the routes: pick the reflection (precomputed, judged from goal
// and output, or the loop's stored one), then — in one transaction holding the family lock — load the
// family and the global bias counts, run the pure loop guardrails and store what they return.

export interface LoopRequestContext {
  actor: Actor;
  requestId: string;
  /** Tests inject a fixed clock or a scripted judge; the app runs with the host's ports. */
  ports?: EnginePorts;
}

export type CompleteLoopResult =
  | { kind: "completed"; response: LoopCompleteResponse }
  | { kind: "invalid_status"; response: LoopCompleteError }
  | { kind: "judge_unavailable"; reason: FallbackReason; message: string };

const REFLECTION_REQUIRED =
  "Send reflection {alignment_score, drift_score, summary_valid, bias_tags}, or goal and output for Focal to judge: this loop has no stored reflection to reuse.";

/**
 * The reflection a loop was last judged on: a bare request (no reflection, no goal) re-completes it (e.g. after an
 * override).
 */
function storedReflection(record: LoopTraceItem | null): ReflectionInput | null {
  if (record?.alignment_score == null || record.drift_score == null || record.summary_valid == null) return null;
  return {
    alignment_score: record.alignment_score,
    drift_score: record.drift_score,
    summary_valid: record.summary_valid,
    bias_tags: record.bias_tags,
    reflection_persona: record.reflection_persona,
  };
}

/** Guardrails this request's own flags lifted; a stored override was ledgered when it was made. */
function liftedByRequest(
  body: LoopCompleteBody,
  current: LoopTraceItem | null,
  outcome: Extract<LoopCompletionOutcome, { ok: true }>,
  config: GuardrailConfig,
): ("max_reruns" | "fatigue")[] {
  const { limits, fatigue } = outcome.guardrails;
  const lifted: ("max_reruns" | "fatigue")[] = [];
  if (body.override_max_reruns && !current?.override_max_reruns && limits.overridden) lifted.push("max_reruns");
  const fatigueTripped = fatigue.force_finalize || fatigueExceeded(fatigue.reflection_fatigue, config);
  if (body.override_fatigue && !current?.override_fatigue && fatigueTripped) lifted.push("fatigue");
  return lifted;
}

/** Turn loops are completed by the engine inside their turn; the API must not rewrite them. */
function assertExternalFamily(rows: LoopTraceRow[], loopId: string): void {
  if (rows.some((row) => row.kind === "turn")) {
    throw new AppError(
      "CONFLICT",
      `Loop ${loopId} belongs to a turn's regeneration loop; only external loops can be completed.`,
    );
  }
}

export async function completeLoop(
  db: Database,
  body: LoopCompleteBody,
  ctx: LoopRequestContext,
): Promise<CompleteLoopResult> {
  if (body.reflection_status !== "done") {
    return {
      kind: "invalid_status",
      response: { status: "error", message: INVALID_REFLECTION_STATUS_MESSAGE, loop_id: body.loop_id },
    };
  }
  const familyId = familyRootOf(body.loop_id);
  const named = body.agent_key ? reachable(await getAgentByKey(db, body.agent_key)) : null;
  if (body.agent_key && !named) {
    const message = `No agent with key ${body.agent_key}.`;
    throw new AppError("VALIDATION", message, [{ path: "agent_key", message }]);
  }
  // The judge runs before the transaction: a model call must not hold the family lock.
  const ports = ctx.ports ?? hostPorts();
  const agentId = named?.id ?? (await familyRows(db, familyId)).find((row) => row.agentId)?.agentId ?? null;
  // Continuing a family of an agent out of the grant, or a family of no agent with a limited grant.
  if (!reachesAgentId(agentId)) throw new AppError("NOT_FOUND", `No loop with id ${body.loop_id}.`);
  const settings = await agentSettingsOf(db, agentId);
  let reflection: ReflectionInput | null = body.reflection ?? null;
  if (!reflection && body.goal !== undefined && body.output !== undefined) {
    const judged = await judgeLoopReflection(ports, {
      goal: body.goal,
      output: body.output,
      relevanceThreshold: settings.enforcement.relevance_threshold,
    });
    if (!judged.ok) return { kind: "judge_unavailable", reason: judged.reason, message: judged.message };
    reflection = judged.reflection;
  }
  const now = ports.clock.now();

  const response = await db.transaction(async (tx) => {
    await lockLoopFamily(tx, familyId);
    const rows = await familyRows(tx, familyId);
    assertExternalFamily(rows, body.loop_id);
    const familyAgentId = rows.find((row) => row.agentId)?.agentId ?? null;
    if (named && familyAgentId && familyAgentId !== named.id) {
      throw new AppError("CONFLICT", `Loop family ${familyId} belongs to another agent; agent_key cannot change.`);
    }
    const loopAgentId = named?.id ?? familyAgentId;
    const config = guardrailConfigOf(
      loopAgentId === agentId ? settings : await agentSettingsOf(tx, loopAgentId),
      "external",
    );
    const currentRow = rows.find((row) => row.loopId === body.loop_id) ?? null;
    const current = currentRow ? loopRecordFromRow(currentRow) : null;
    const used = reflection ?? storedReflection(current);
    if (!used)
      throw new AppError("VALIDATION", REFLECTION_REQUIRED, [{ path: "reflection", message: REFLECTION_REQUIRED }]);

    const tags = uniqueTags([...(used.bias_tags ?? []), ...(current?.bias_tags ?? [])]);
    await lockBiasTags(tx, tags);
    const outcome = processLoopCompletion(
      { ...body, reflection: used },
      { family: rows.map(loopRecordFromRow), biasHistory: await biasCountsForTags(tx, tags) },
      config,
      now,
    );
    // reflection_status was checked above; the pure function's error body cannot come back here.
    if (!outcome.ok) throw new Error(`unexpected loop-complete error: ${outcome.response.message}`);
    await storeLoopCompletion(tx, {
      outcome,
      currentRow,
      agentId: loopAgentId,
      request: body,
      lifted: liftedByRequest(body, current, outcome, config),
      actor: ctx.actor,
      requestId: ctx.requestId,
      now,
    });
    return outcome.response;
  });
  return { kind: "completed", response };
}

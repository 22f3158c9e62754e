import "server-only";
import { getProfile, scenarioStepNames, spansOf } from "@/db/queries/conversations";
import type { AgentRow, DbOrTx, SessionRow, TraceSpanRow, TurnRow } from "@/db/types";
import type { Span, TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { SessionView, TurnView } from "@/lib/turns/turn-view";

function spanFromRow(row: TraceSpanRow): Span {
  return {
    name: row.name as Span["name"],
    startOffsetMs: row.startOffsetMs,
    durationMs: row.durationMs,
    status: row.status as Span["status"],
    decision: row.decision,
    attributes: row.attributes,
  };
}

export function turnView(row: TurnRow, spans: TraceSpanRow[]): TurnView {
  return {
    id: row.id,
    sessionId: row.sessionId,
    turnIndex: row.turnIndex,
    userMessage: row.userMessage,
    response: row.response,
    outcome: row.outcome as TurnOutcomeKind,
    fallbackReason: row.fallbackReason,
    provenance: row.provenance,
    spans: spans.filter((s) => s.turnId === row.id).map(spanFromRow),
    latencyMs: row.latencyMs,
    modelCalls: row.modelCalls,
    tokensIn: row.tokensIn,
    tokensOut: row.tokensOut,
    costUsd: row.costUsd,
    configVersion: row.configVersion,
    provider: row.provider,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function turnViews(db: DbOrTx, rows: TurnRow[]): Promise<TurnView[]> {
  const spans = await spansOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => turnView(row, spans));
}

export async function sessionView(
  db: DbOrTx,
  session: SessionRow,
  agent: Pick<AgentRow, "id" | "key">,
): Promise<SessionView> {
  const [profile, names] = await Promise.all([
    getProfile(db, session.customerProfileId),
    scenarioStepNames(db, session.activeScenarioId, session.activeStepId),
  ]);
  return {
    id: session.id,
    agentId: agent.id,
    agentKey: agent.key,
    channel: session.channel,
    customerRef: profile?.customerRef ?? null,
    activeScenario: names.scenario,
    activeStep: names.step,
    variables: session.variables,
    profile: profile?.fields ?? {},
    turnCount: session.turnCount,
    mode: session.mode,
    continuityEnabled: session.continuityEnabled,
    environment: session.environment,
    configVersion: session.configVersion,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

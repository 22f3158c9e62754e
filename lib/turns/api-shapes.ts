import type { SessionView, TurnView } from "./turn-view";

// The REST API speaks snake_case, like the orchestrator loop endpoints' published shapes.

export function turnToApi(turn: TurnView) {
  return {
    id: turn.id,
    session_id: turn.sessionId,
    turn_index: turn.turnIndex,
    user_message: turn.userMessage,
    response: turn.response,
    outcome: turn.outcome,
    fallback_reason: turn.fallbackReason,
    provenance: turn.provenance,
    spans: turn.spans.map((s) => ({
      name: s.name,
      start_offset_ms: s.startOffsetMs,
      duration_ms: s.durationMs,
      status: s.status,
      decision: s.decision,
      attributes: s.attributes,
    })),
    latency_ms: turn.latencyMs,
    model_calls: turn.modelCalls,
    tokens_in: turn.tokensIn,
    tokens_out: turn.tokensOut,
    cost_usd: turn.costUsd,
    config_version: turn.configVersion,
    provider: turn.provider,
    model: turn.model,
    created_at: turn.createdAt,
  };
}

export function sessionToApi(session: SessionView) {
  return {
    id: session.id,
    agent_key: session.agentKey,
    channel: session.channel,
    customer_id: session.customerRef,
    active_scenario: session.activeScenario,
    active_step: session.activeStep,
    variables: session.variables,
    profile: session.profile,
    turn_count: session.turnCount,
    mode: session.mode,
    continuity_enabled: session.continuityEnabled,
    environment: session.environment,
    config_version: session.configVersion,
    created_at: session.createdAt,
    updated_at: session.updatedAt,
  };
}

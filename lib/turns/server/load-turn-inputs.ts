import "server-only";
import { recentTurnsOf, turnStartOf } from "@/db/queries/turn-host";
import type { AgentRow, Database, SessionRow } from "@/db/types";
import type { BudgetReached } from "@/lib/budgets/budget-periods";
import { budgetBeforeTurn } from "@/lib/budgets/server/turn-budget";
import { toolsWithCredentials } from "@/lib/credentials/server/credential-tools";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import type { ApprovalDecision, TurnInput } from "@/lib/engine/contracts/turn-outcome";
import { fallbackStreak } from "@/lib/engine/pipeline/fallback-streak";
import { HISTORY_MAX_ENTRIES } from "@/lib/engine/pipeline/session-history";
import type { EnginePorts } from "@/lib/engine/ports";
import { externalStateAt } from "@/lib/engine/replay/external-state";
import { stableRefsOf } from "@/lib/engine/replay/stable-refs";
import { startFingerprint } from "@/lib/engine/replay/start-state";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { env } from "@/lib/env";
import { toolsWithRealValues } from "@/lib/privacy/server/real-value-tools";
import { type SessionVault, sessionVaultOf } from "@/lib/privacy/server/session-vault";
import { createOfflineProvider } from "@/lib/providers/offline";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { AppError } from "@/lib/server/errors";
import { type TimedModelCall, timedModel } from "@/lib/server/telemetry/timed-model";
import { getCompiledAgent } from "./load-snapshot";
import { sessionStateOf } from "./session-state";
import { tapePersonOf } from "./tape-person";

/** An operator's decision on a paused tool call, which the turn resumes (docs/approvals.md). */
export type ResumedApproval = ApprovalDecision & { approvalId: string };

/** Everything one attempt of a turn runs on, read once, before the engine runs. */
export interface TurnInputs {
  session: SessionRow;
  agent: AgentRow;
  /** The configuration version the turn runs at (docs/environments.md). */
  version: number;
  compiled: CompiledAgent;
  state: SessionState;
  /** While a person has the session the message is stored and nothing runs (docs/handoffs.md). */
  queued: boolean;
  /** The operator's return note the turn is told (none while queued). */
  operatorNote: string | null;
  /** The engine's input beside the message and turn id. */
  engineInput: Omit<TurnInput, "message" | "turnId">;
  vault: SessionVault;
  /** The host's ports with the model timed, tools given real values and the session's vault. */
  ports: EnginePorts;
  /** The model calls timed so far, for the trace export. */
  modelCalls: TimedModelCall[];
  /** The agent's budget period already spent before this turn, whose action the turn follows (docs/budgets.md). */
  budget: BudgetReached | null;
  /** What the turn's tape records beside its ports' answers: where it started, the outside state, a person, a decision. */
  tapeBeside: Pick<TurnTape, "start" | "external" | "person" | "approval">;
}

/**
 * The one read of a turn's inputs: the session with its agent, budget, profile and vault (one
 * statement), the compiled agent at the session's version (cached), the last turns with the previous
 * tape's end and outcomes (one statement) and (when a person was part of it) the operator's messages.
 * Each attempt reads them afresh: a rerun runs on the new state.
 */
export async function loadTurnInputs(
  db: Database,
  input: { sessionId: string; approval?: ResumedApproval },
): Promise<TurnInputs> {
  const stored = await turnStartOf(db, input.sessionId);
  // A session of an agent out of the request's grant answers as one that does not exist.
  if (!stored || !reachesAgentId(stored.session.agentId)) {
    throw new AppError("NOT_FOUND", `No session with id ${input.sessionId}.`);
  }
  const { session, agent } = stored;
  if (!agent) throw new AppError("NOT_FOUND", "The session's agent no longer exists.");
  const host = hostPorts();
  // docs/environments.md: a session given a version runs at it whatever the draft did since; one
  // without (draft, unpinned production) follows the latest, as before environments.
  const version = session.configVersion ?? agent.configVersion;
  const vault = sessionVaultOf(session.id, stored.vault);
  const [compiled, budget] = await Promise.all([
    getCompiledAgent(db, agent, host.embedder, version),
    budgetBeforeTurn(db, stored.budget, agent.id, new Date()),
  ]);
  // Model calls are timed for the trace export; the engine sees the same provider. A spent budget whose
  // action is `offline` gives the turn the offline provider: the deterministic path, no model call.
  const timed = timedModel(budget?.action === "offline" ? createOfflineProvider() : host.model);
  const { settings } = compiled.snapshot;
  // Credentials are applied under the real values: the tape records what the engine asked, never a secret.
  const withCredentials = toolsWithCredentials(host.tools, db, {
    agentId: agent.id,
    environment: session.environment,
    sessionId: session.id,
    turnIndex: session.turnCount,
  });
  const tools = toolsWithRealValues(withCredentials, vault, settings.privacy);
  const queued = session.mode !== "agent";
  const fallbackLimit = settings.handoff.fallbacks_before_handoff;
  // Every turn adds at least one history entry: HISTORY_MAX_ENTRIES turns always fill the history.
  const [recent, person] = await Promise.all([
    recentTurnsOf(db, session.id, Math.max(HISTORY_MAX_ENTRIES, fallbackLimit), session.turnCount - 1),
    tapePersonOf(db, session),
  ]);
  const state = sessionStateOf(session, stored.profile?.fields ?? {}, [...recent].reverse(), compiled);
  const previousEnd = recent[0]?.turnIndex === session.turnCount - 1 ? recent[0].tapeEnd : null;
  const operatorNote = queued ? null : session.operatorNote;
  const engineInput = {
    continuityEnabled: continuityFor(session.continuityEnabled, settings.continuity.enabled),
    fallbackStreak: fallbackStreak(
      recent.map((turn) => turn.outcome),
      fallbackLimit,
    ),
    ...(operatorNote ? { operatorNote } : {}),
    ...(input.approval ? { approval: { toolId: input.approval.toolId, decision: input.approval.decision } } : {}),
  };
  const external = externalStateAt(state, previousEnd as TurnTape["end"] | null);
  const start = startFingerprint(state, { fallbackStreak: engineInput.fallbackStreak }, stableRefsOf(compiled));
  return {
    session,
    agent,
    version,
    compiled,
    state,
    queued,
    operatorNote,
    engineInput,
    vault,
    ports: { ...host, model: timed.model, tools, vault: vault.port },
    modelCalls: timed.calls,
    budget,
    tapeBeside: {
      start,
      ...(external ? { external } : {}),
      ...(person ? { person } : {}),
      ...(input.approval ? { approval: tapeApproval(input.approval) } : {}),
    },
  };
}

/**
 * The session's own choice wins; otherwise the deployment flag NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED
 * (default false) gates the agent's continuity.enabled (docs/continuity.md).
 */
function continuityFor(sessionToggle: boolean | null, agentEnabled: boolean): boolean {
  if (sessionToggle !== null) return sessionToggle;
  return env().NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED && agentEnabled;
}

function tapeApproval(approval: ResumedApproval): NonNullable<TurnTape["approval"]> {
  return { approval_id: approval.approvalId, tool_id: approval.toolId, decision: approval.decision };
}

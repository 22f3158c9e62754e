import "server-only";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { getAgentById } from "@/db/queries/agents";
import { getSession, getTurn } from "@/db/queries/conversations";
import { lastOutcomes } from "@/db/queries/handoffs";
import { tapeEndOf } from "@/db/queries/replay";
import type { Database, SessionRow, Transaction } from "@/db/types";
import { settleTurnApproval } from "@/lib/approvals/server/turn-approval";
import type { SamplingRule } from "@/lib/engine/contracts/people-settings";
import type { ApprovalDecision, TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { fallbackStreak } from "@/lib/engine/pipeline/fallback-streak";
import { externalStateAt } from "@/lib/engine/replay/external-state";
import { recordingPorts } from "@/lib/engine/replay/recording-ports";
import { stableRefsOf } from "@/lib/engine/replay/stable-refs";
import { startFingerprint } from "@/lib/engine/replay/start-state";
import type { TapeApproval, TurnTape } from "@/lib/engine/replay/tape";
import { env } from "@/lib/env";
import { publishSessionChange } from "@/lib/handoffs/server/session-events/session-change-bus";
import { settleTurnHandoff } from "@/lib/handoffs/server/turn-handoff";
import { reachesAgentId } from "@/lib/server/access/agent-access";
import { asLiveTurn } from "@/lib/server/background/live-turns";
import { retryOnConflict } from "@/lib/server/db-faults/retry-on-conflict";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { toolsWithRealValues } from "@/lib/server/privacy/real-value-tools";
import { openSessionVault, type SessionVault } from "@/lib/server/privacy/session-vault";
import { exportTurnTrace } from "@/lib/server/telemetry/otel-export";
import { timedModel } from "@/lib/server/telemetry/timed-model";
import { tapePersonOf } from "@/lib/turns/server/tape-person";
import type { StageEvent } from "@/lib/turns/turn-stream";
import type { SessionView, TurnView } from "@/lib/turns/turn-view";
import { hostPorts } from "./host-ports";
import { getCompiledAgent } from "./load-snapshot";
import { persistTurn, SessionMovedOnError } from "./persist-turn";
import { runEngine, type StoredOutcome } from "./run-engine";
import { withSessionLock } from "./session-lock";
import { loadSessionState } from "./session-state";
import { sessionView, turnViews } from "./views";

/**
 * The session's own choice wins; otherwise the deployment flag NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED
 * (default false) gates the agent's continuity.enabled (docs/continuity.md).
 */
function continuityFor(sessionToggle: boolean | null, agentEnabled: boolean): boolean {
  if (sessionToggle !== null) return sessionToggle;
  return env().NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED && agentEnabled;
}

// Another instance committing a turn of the same session between our load and our commit makes us
// run again on the new state; 5 rounds is far more than two instances racing on one session need.
const MAX_ATTEMPTS = 5;

export interface HostTurnInput {
  sessionId: string;
  message: string;
  actor: Actor;
  requestId: string;
  /** Runs inside the persist transaction (the REST route stores its idempotent response there). */
  onPersist?: (
    tx: Transaction,
    turn: { turnId: string; outcome: TurnOutcome; latencyMs: number; sessionId: string },
  ) => Promise<void>;
  /** Told each pipeline stage as it completes (name, status, decision, timing; never draft text). */
  onStage?: (stage: StageEvent) => void;
  /** An operator's decision on a paused tool call: the turn resumes it (docs/approvals.md). */
  approval?: ApprovalDecision & { approvalId: string };
}

export interface HostedTurn {
  turn: TurnView;
  session: SessionView;
}

/** What hostTurn returns without reading the turn back: the REST route answers from this. */
export interface PersistedTurn {
  turnId: string;
  sessionId: string;
  /** As stored: the customer's message and the reply hold placeholders (docs/privacy.md). */
  outcome: TurnOutcome;
  latencyMs: number;
  /** The reply the customer is sent: placeholders restored from the session's vault. */
  customerResponse: string;
}

/**
 * The one host for every turn (sandbox action and REST route): load the compiled agent (cached per
 * config_version) and the session, run the engine, persist everything in one transaction. Turns of a
 * session run one after another; a turn is either wholly stored or not at all.
 */
export function hostTurn(db: Database, input: HostTurnInput): Promise<HostedTurn> {
  return asLiveTurn(() => hostAndReadBack(db, input));
}

async function hostAndReadBack(db: Database, input: HostTurnInput): Promise<HostedTurn> {
  const persisted = await runAndPersistTurn(db, input);
  // The sandbox shows the stored turn and session, read back after the commit.
  const [turnRow, after] = await Promise.all([getTurn(db, persisted.turnId), getSession(db, persisted.sessionId)]);
  const agent = after ? await getAgentById(db, after.agentId) : null;
  if (!turnRow || !after || !agent) throw new Error("turn vanished after commit");
  const [turn] = await turnViews(db, [turnRow]);
  if (!turn) throw new Error("turn view missing");
  return { turn, session: await sessionView(db, after, agent) };
}

/** Runs and stores one turn; returns what was stored without reading it back (the REST hot path). */
export async function runAndPersistTurn(db: Database, input: HostTurnInput): Promise<PersistedTurn> {
  const found = await getSession(db, input.sessionId);
  // A session of an agent out of the request's grant answers as one that does not exist.
  if (!found || !reachesAgentId(found.agentId)) {
    throw new AppError("NOT_FOUND", `No session with id ${input.sessionId}.`);
  }
  return withSessionLock(input.sessionId, () => asLiveTurn(() => runLocked(db, input)));
}

async function runLocked(db: Database, input: HostTurnInput): Promise<PersistedTurn> {
  for (let attempt = 1; ; attempt++) {
    const persisted = await runAttempt(db, input, attempt);
    if (persisted) return persisted;
  }
}

/** One run and commit; null when another instance committed a turn of this session first (run again). */
/** An operator's decision a resumed turn ran on, for its tape. */
const approvalOnTape = (input: HostTurnInput) => (input.approval ? { approval: tapeApproval(input.approval) } : {});

async function runAttempt(db: Database, input: HostTurnInput, attempt: number): Promise<PersistedTurn | null> {
  const session = await getSession(db, input.sessionId);
  if (!session) throw new AppError("NOT_FOUND", `No session with id ${input.sessionId}.`);
  const agent = await getAgentById(db, session.agentId);
  if (!agent) throw new AppError("NOT_FOUND", "The session's agent no longer exists.");
  const host = hostPorts();
  // Model calls are timed for the trace export; the engine sees the same provider.
  const timed = timedModel(host.model);
  // docs/environments.md: a session given a version runs at it whatever the draft did since; one
  // without (draft, unpinned production) follows the latest, as before environments.
  const version = session.configVersion ?? agent.configVersion;
  const [compiled, vault] = await Promise.all([
    getCompiledAgent(db, agent, host.embedder, version),
    openSessionVault(db, session.id),
  ]);
  const privacy = compiled.snapshot.settings.privacy;
  const tools = toolsWithRealValues(host.tools, vault, privacy);
  const ports = { ...host, model: timed.model, tools, vault: vault.port };
  // docs/handoffs.md: while a person has the session, the message is stored and nothing runs.
  const queued = session.mode !== "agent";
  const fallbackLimit = compiled.snapshot.settings.handoff.fallbacks_before_handoff;
  const [state, previousEnd, outcomesBefore, person] = await Promise.all([
    loadSessionState(db, session, compiled),
    session.turnCount > 0 ? tapeEndOf(db, session.id, session.turnCount - 1) : null,
    lastOutcomes(db, session.id, fallbackLimit),
    tapePersonOf(db, session),
  ]);
  const operatorNote = queued ? null : session.operatorNote;
  const turnId = randomUUID();
  const started = performance.now();
  const startedAt = Date.now();
  const engineInput = {
    continuityEnabled: continuityFor(session.continuityEnabled, compiled.snapshot.settings.continuity.enabled),
    fallbackStreak: fallbackStreak(outcomesBefore, fallbackLimit),
    ...(operatorNote ? { operatorNote } : {}),
    ...(input.approval ? { approval: { toolId: input.approval.toolId, decision: input.approval.decision } } : {}),
  };
  const refs = stableRefsOf(compiled);
  // The turn's tape: what its ports return and what of its input and starting state a replay needs
  // or checks, so it can be replayed later (docs/replay.md).
  const recorder = recordingPorts(ports, engineInput, refs);
  const external = externalStateAt(state, previousEnd as TurnTape["end"] | null);
  const start = startFingerprint(state, { fallbackStreak: engineInput.fallbackStreak }, refs);
  const besideCalls = {
    start,
    ...(external ? { external } : {}),
    ...(person ? { person } : {}),
    ...approvalOnTape(input),
  };
  const ran = await runEngine(input, attempt, {
    compiled,
    state,
    turnInput: { message: input.message, turnId },
    queued,
    ports,
    recorded: recorder.ports,
    engineInput,
    sessionId: session.id,
  });
  const outcome: StoredOutcome = { ...ran, provenance: { ...ran.provenance, environment: session.environment } };
  const latencyMs = performance.now() - started;
  try {
    await commitTurn(db, input, {
      session,
      agentId: agent.id,
      configVersion: version,
      environment: session.environment,
      turnId,
      turnIndex: state.turnIndex,
      outcome,
      latencyMs,
      tape: { ...recorder.tape(), ...besideCalls },
      toldNote: operatorNote,
      reviewSampling: compiled.snapshot.settings.reviews.sampling,
      approvalExpiryMinutes: compiled.snapshot.settings.approvals.expiry_minutes,
      vault,
    });
  } catch (error) {
    if (error instanceof SessionMovedOnError && attempt < MAX_ATTEMPTS) return null;
    throw error;
  }
  // Session event streams read the new lines (and a handoff's mode) once they are committed.
  publishSessionChange(session.id);
  // After the commit, never awaited: a slow or absent collector costs the turn nothing.
  exportTurnTrace({
    turnId,
    sessionId: session.id,
    agentKey: agent.key,
    configVersion: version,
    turnIndex: state.turnIndex,
    message: outcome.message,
    outcome,
    startedAtMs: startedAt,
    startedPerfMs: started,
    latencyMs,
    modelCalls: timed.calls,
    provider: host.model.name,
  });
  return { turnId, sessionId: session.id, outcome, latencyMs, customerResponse: vault.restore(outcome.response) };
}

interface TurnToCommit {
  session: SessionRow;
  agentId: string;
  configVersion: number;
  environment: string | null;
  turnId: string;
  turnIndex: number;
  outcome: StoredOutcome;
  latencyMs: number;
  tape: Omit<TurnTape, "end">;
  /** The operator's return note the turn was told, cleared with its commit. */
  toldNote: string | null;
  reviewSampling: SamplingRule[];
  approvalExpiryMinutes: number;
  /** The turn's new vault entries are stored with it. */
  vault: SessionVault;
}

/** The turn, its handoff consequences and the caller's own rows in one transaction. */
async function commitTurn(db: Database, input: HostTurnInput, turn: TurnToCommit): Promise<void> {
  const { session, turnId, outcome, latencyMs } = turn;
  // The whole transaction again on a serialization failure or deadlock: it rolled back entirely.
  await retryOnConflict(() =>
    db.transaction(async (tx) => {
      await persistTurn(tx, {
        turnId,
        sessionId: session.id,
        agentId: turn.agentId,
        customerProfileId: session.customerProfileId,
        turnIndex: turn.turnIndex,
        message: outcome.message,
        outcome,
        latencyMs,
        configVersion: turn.configVersion,
        environment: turn.environment,
        tape: turn.tape,
        actor: input.actor,
        requestId: input.requestId,
        reviewSampling: turn.reviewSampling,
      });
      await turn.vault.save(tx);
      await settleTurnHandoff(tx, {
        sessionId: session.id,
        agentId: turn.agentId,
        turnId,
        outcome,
        ranInMode: session.mode,
        toldNote: turn.toldNote,
        actor: input.actor,
        requestId: input.requestId,
      });
      await settleTurnApproval(tx, {
        sessionId: session.id,
        agentId: turn.agentId,
        turnId,
        outcome,
        expiryMinutes: turn.approvalExpiryMinutes,
      });
      await input.onPersist?.(tx, { turnId, outcome, latencyMs, sessionId: session.id });
    }),
  );
}

function tapeApproval(approval: NonNullable<HostTurnInput["approval"]>): TapeApproval {
  return { approval_id: approval.approvalId, tool_id: approval.toolId, decision: approval.decision };
}

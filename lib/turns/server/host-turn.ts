import "server-only";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { z } from "zod";
import { getAgentById } from "@/db/queries/agents";
import { getSession, getTurn } from "@/db/queries/conversations";
import type { Database, Transaction } from "@/db/types";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { recordingPorts } from "@/lib/engine/replay/recording-ports";
import { stableRefsOf } from "@/lib/engine/replay/stable-refs";
import { asLiveTurn, beginLiveTurn } from "@/lib/server/background/live-turns";
import { retryOnConflict } from "@/lib/server/db-faults/retry-on-conflict";
import type { IdempotencyClaim } from "@/lib/server/idempotency";
import type { Actor } from "@/lib/server/ledger/event-types";
import { exportTurnTrace } from "@/lib/server/telemetry/otel-export";
import type { PostTurnResponse } from "@/lib/turns/turn-response-schemas";
import type { StageEvent } from "@/lib/turns/turn-stream";
import type { SessionView, TurnView } from "@/lib/turns/turn-view";
import { loadTurnInputs, type ResumedApproval } from "./load-turn-inputs";
import { commitTurn } from "./persist-turn";
import { runEngine } from "./run-engine";
import { lockSession } from "./session-lock";
import { SessionMovedOnError, type StoredOutcome } from "./turn-settler";
import { TURN_SETTLERS } from "./turn-settlers";
import { sessionView, turnViews } from "./views";

// Another instance committing a turn of the same session between our load and our commit makes us
// run again on the new state; 5 rounds is far more than two instances racing on one session need.
const MAX_ATTEMPTS = 5;

export interface HostTurnInput {
  sessionId: string;
  message: string;
  actor: Actor;
  requestId: string;
  /** The request's Idempotency-Key: completed with the turn's body in its transaction, released if it fails. */
  idempotency?: IdempotencyClaim | null;
  /** The caller's own rows, last in the turn's transaction (a resumed approval's decision). */
  onPersist?: (tx: Transaction, turn: { turnId: string }) => Promise<void>;
  /** Told each pipeline stage as it completes (name, status, decision, timing; never draft text). */
  onStage?: (stage: StageEvent) => void;
  /** An operator's decision on a paused tool call: the turn resumes it (docs/approvals.md). */
  approval?: ResumedApproval;
}

export interface HostedTurn {
  turn: TurnView;
  session: SessionView;
}

type TurnResponse = z.input<typeof PostTurnResponse>;

/** What hostTurn returns without reading the turn back: the REST route answers from this. */
export interface PersistedTurn {
  turnId: string;
  sessionId: string;
  /** As stored: the customer's message and the reply hold placeholders (docs/privacy.md). */
  outcome: TurnOutcome;
  latencyMs: number;
  /** The turn's REST body as the customer is sent it: the reply's placeholders restored from the session's vault. */
  body: TurnResponse;
}

/** The REST body of a turn, with the reply given (as stored, or restored for the customer). */
function turnResponseOf(turn: Omit<PersistedTurn, "body">, response: string): TurnResponse {
  return {
    turn_id: turn.turnId,
    session_id: turn.sessionId,
    response,
    outcome: turn.outcome.outcome,
    provenance: turn.outcome.provenance,
    model_calls: turn.outcome.modelCalls,
    cost_usd: turn.outcome.costUsd,
    latency_ms: Math.round(turn.latencyMs),
  };
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

/**
 * Runs and stores one turn; returns what was stored without reading it back (the REST hot path). Turns
 * of a session take its lock in turn and count as live (background workers hold off). Each attempt reads
 * the turn's inputs afresh, runs the engine and commits; another instance committing a turn of this
 * session first makes it run again on the new state. A turn that fails before its commit releases the
 * request's Idempotency-Key.
 */
export async function runAndPersistTurn(db: Database, input: HostTurnInput): Promise<PersistedTurn> {
  const unlock = await lockSession(input.sessionId);
  const endLive = beginLiveTurn();
  try {
    for (let attempt = 1; ; attempt++) {
      const inputs = await loadTurnInputs(db, input);
      const { session, agent, compiled, state, version } = inputs;
      const turnId = randomUUID();
      const started = performance.now();
      const startedAt = Date.now();
      // The turn's tape: what its ports return and what of its input and starting state a replay needs
      // or checks, so it can be replayed later (docs/replay.md).
      const recorder = recordingPorts(inputs.ports, inputs.engineInput, stableRefsOf(compiled));
      const ran = await runEngine(
        { requestId: input.requestId, attempt, onStage: input.onStage },
        { ...inputs, turnInput: { message: input.message, turnId }, recorded: recorder.ports, sessionId: session.id },
      );
      const budget = inputs.budget ? { budget: inputs.budget } : {};
      const outcome: StoredOutcome = {
        ...ran,
        provenance: { ...ran.provenance, environment: session.environment, ...budget },
      };
      const latencyMs = performance.now() - started;
      const persisted = { turnId, sessionId: session.id, outcome, latencyMs };
      const tape = { ...recorder.tape(), ...inputs.tapeBeside };
      const callerRows = async (tx: Transaction) => {
        await input.onPersist?.(tx, { turnId });
        await input.idempotency?.complete(tx, 200, turnResponseOf(persisted, outcome.response));
      };
      try {
        // A serialization failure or deadlock rolled the whole commit back: it runs again as it was.
        await retryOnConflict(() =>
          commitTurn(
            db,
            {
              ...persisted,
              agentId: agent.id,
              customerProfileId: session.customerProfileId,
              turnIndex: state.turnIndex,
              configVersion: version,
              environment: session.environment,
              tape,
              actor: input.actor,
              requestId: input.requestId,
              ranInMode: session.mode,
              toldNote: inputs.operatorNote,
              settings: compiled.snapshot.settings,
              vault: inputs.vault,
            },
            TURN_SETTLERS,
            callerRows,
          ),
        );
      } catch (error) {
        if (error instanceof SessionMovedOnError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
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
        modelCalls: inputs.modelCalls,
        provider: inputs.ports.model.name,
      });
      return { ...persisted, body: turnResponseOf(persisted, inputs.vault.restore(outcome.response)) };
    }
  } catch (error) {
    await input.idempotency?.release();
    throw error;
  } finally {
    endLive();
    unlock();
  }
}

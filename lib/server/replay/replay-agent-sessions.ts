import "server-only";
import { listTurnsWithTapes, recentSessionIds } from "@/db/queries/replay";
import type { AgentRow, DbOrTx } from "@/db/types";
import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { Provenance, TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { ReplayMode } from "@/lib/engine/replay/replay-ports";
import {
  type ReplayedSession,
  type ReplaySessionInput,
  replaySession,
  unreplayableSession,
} from "@/lib/engine/replay/replay-session";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { createOfflineProvider } from "@/lib/providers/offline";
import { hostPorts } from "../engine-host/host-ports";
import { getCompiledAgent } from "../engine-host/load-snapshot";
import { AppError } from "../errors";
import { configAtVersion } from "./config-versions";
import { buildReplayReport, type ReplayReport } from "./replay-report";

// The impact preview's default window: the last 200 sessions or 2,000 turns, whichever is smaller.
const DEFAULT_REPLAY_WINDOW = { maxSessions: 200, maxTurns: 2000 } as const;
// A replay over more is a job for the test suites, not an interactive preview.
const MAX_REPLAY_WINDOW = { maxSessions: 2000, maxTurns: 20_000 } as const;

export type ReplayTarget =
  | { kind: "draft"; snapshot: AgentSnapshot }
  | { kind: "current" }
  | { kind: "version"; version: number }
  /** Each turn under the configuration it ran on: replay fidelity. */
  | { kind: "recorded" };

export interface ReplayRequest {
  target: ReplayTarget;
  mode: ReplayMode;
  sessions: { ids?: string[]; since?: Date; maxSessions?: number; maxTurns?: number };
  includeSame?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export class ReplayCancelledError extends Error {
  constructor() {
    super("the replay was cancelled");
  }
}

function toSessionInputs(rows: Awaited<ReturnType<typeof listTurnsWithTapes>>): ReplaySessionInput[] {
  const bySession = new Map<string, ReplaySessionInput>();
  for (const row of rows) {
    let session = bySession.get(row.sessionId);
    if (!session) {
      session = { sessionId: row.sessionId, turns: [] };
      bySession.set(row.sessionId, session);
    }
    session.turns.push({
      turnId: row.id,
      turnIndex: row.turnIndex,
      message: row.userMessage,
      tape: (row.tape as TurnTape | null) ?? null,
      configVersion: row.configVersion,
      original: {
        outcome: row.outcome as TurnOutcomeKind,
        response: row.response,
        modelCalls: row.modelCalls,
        provenance: row.provenance as unknown as Provenance,
      },
    });
  }
  return [...bySession.values()];
}

/**
 * Replays an agent's sessions (the given ids, or its most recent ones within a window) under a
 * target configuration and folds the result into a report. Reads only; a draft is never stored.
 * Sessions of another agent among `ids` are not found (404), never replayed.
 */
export async function replayAgentSessions(db: DbOrTx, agent: AgentRow, request: ReplayRequest): Promise<ReplayReport> {
  const ports = hostPorts();
  const window = {
    maxSessions: Math.min(
      request.sessions.maxSessions ?? DEFAULT_REPLAY_WINDOW.maxSessions,
      MAX_REPLAY_WINDOW.maxSessions,
    ),
    maxTurns: Math.min(request.sessions.maxTurns ?? DEFAULT_REPLAY_WINDOW.maxTurns, MAX_REPLAY_WINDOW.maxTurns),
  };
  const ids =
    request.sessions.ids ?? (await recentSessionIds(db, agent.id, { ...window, since: request.sessions.since }));
  const inputs = toSessionInputs(await listTurnsWithTapes(db, agent.id, ids));
  if (request.sessions.ids) {
    const found = new Set(inputs.map((s) => s.sessionId));
    const unknown = request.sessions.ids.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new AppError("NOT_FOUND", `No session ${unknown.join(", ")} with turns for agent "${agent.key}".`);
    }
  }

  const compiledVersions = new Map<number, CompiledAgent | null>();
  const compileVersion = async (version: number) => {
    if (!compiledVersions.has(version)) {
      const snapshot = await configAtVersion(db, agent, version);
      compiledVersions.set(version, snapshot ? await compileAgent(snapshot, ports.embedder) : null);
    }
    return compiledVersions.get(version) ?? null;
  };
  let single: CompiledAgent | null = null;
  let configVersion: number | null = null;
  const target = request.target;
  if (target.kind === "draft") {
    single = await compileAgent(target.snapshot, ports.embedder);
    configVersion = target.snapshot.configVersion;
  } else if (target.kind === "current") {
    single = await getCompiledAgent(db, agent, ports.embedder);
    configVersion = agent.configVersion;
  } else if (target.kind === "version") {
    single = await compileVersion(target.version);
    if (!single)
      throw new AppError("NOT_FOUND", `Configuration version ${target.version} of "${agent.key}" is not kept.`);
    configVersion = target.version;
  } else {
    for (const session of inputs) for (const turn of session.turns) await compileVersion(turn.configVersion ?? 0);
  }

  // A replay of chosen sessions (a trace, an API caller) also shows each replayed stage.
  const withStages = Boolean(request.sessions.ids);
  const options =
    request.mode === "frozen"
      ? {
          mode: "frozen" as const,
          model: createOfflineProvider(),
          embedder: ports.embedder,
          tools: ports.tools,
          withStages,
        }
      : { mode: "live" as const, model: ports.model, embedder: ports.embedder, tools: ports.tools, withStages };
  const replayed: ReplayedSession[] = [];
  for (const [done, session] of inputs.entries()) {
    if (request.signal?.aborted) throw new ReplayCancelledError();
    request.onProgress?.(done, inputs.length);
    const missing = single ? undefined : session.turns.find((t) => !compiledVersions.get(t.configVersion ?? 0));
    replayed.push(
      missing
        ? unreplayableSession(session, `configuration version ${missing.configVersion} is not kept`)
        : await replaySession(
            single ?? ((turn) => compiledVersions.get(turn.configVersion ?? 0) as CompiledAgent),
            session,
            options,
          ),
    );
    // Yield between sessions so a long replay never holds the event loop (health checks, other turns).
    await new Promise((resolve) => setImmediate(resolve));
  }
  request.onProgress?.(inputs.length, inputs.length);
  return buildReplayReport(
    replayed,
    { mode: request.mode, target: { kind: target.kind, config_version: configVersion } },
    { includeSame: request.includeSame },
  );
}

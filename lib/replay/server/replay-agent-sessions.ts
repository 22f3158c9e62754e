import "server-only";
import { listTurnsWithTapes, recentSessionIds } from "@/db/queries/replay";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { ReplayMode } from "@/lib/engine/replay/replay-ports";
import type { ReplaySessionInput } from "@/lib/engine/replay/replay-session";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { runInBackground } from "@/lib/server/background/compute-pool";
import { ComputeCancelledError } from "@/lib/server/background/compute-tasks";
import { AppError } from "@/lib/server/errors";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";
import { configAtVersion } from "@/lib/versioning/server/config-versions";
import type { ReplayReport } from "./replay-report";
import { REPLAY_TASK, type ReplayTaskInput } from "./replay-task";

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
  /**
   * What each replayed turn is compared with: the stored turn (default), or its replay on the saved
   * configuration — an impact preview's, so that it lists only the draft's own changes.
   */
  compareWith?: "stored" | "saved";
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
        provenance: row.provenance,
      },
    });
  }
  return [...bySession.values()];
}

/**
 * Replays an agent's sessions (the given ids, or its most recent ones within a window) under a
 * target configuration and folds the result into a report. Reads only; a draft is never stored. The
 * turns and configurations are read here; the replay itself runs on a background worker thread.
 * Sessions of another agent among `ids` are not found (404), never replayed.
 */
export async function replayAgentSessions(db: DbOrTx, agent: AgentRow, request: ReplayRequest): Promise<ReplayReport> {
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

  const target = request.target;
  let configs: ReplayTaskInput["configs"];
  let configVersion: number | null = null;
  if (target.kind === "draft") {
    configs = { single: target.snapshot };
    configVersion = target.snapshot.configVersion;
  } else if (target.kind === "current") {
    configs = { single: await loadAgentSnapshot(db, agent) };
    configVersion = agent.configVersion;
  } else if (target.kind === "version") {
    const snapshot = await configAtVersion(db, agent, target.version);
    if (!snapshot)
      throw new AppError("NOT_FOUND", `Configuration version ${target.version} of "${agent.key}" is not kept.`);
    configs = { single: snapshot };
    configVersion = target.version;
  } else {
    const versions = new Set(inputs.flatMap((session) => session.turns.map((turn) => turn.configVersion ?? 0)));
    const byVersion: [number, AgentSnapshot | null][] = [];
    for (const version of versions) byVersion.push([version, await configAtVersion(db, agent, version)]);
    configs = { byVersion };
  }

  try {
    return await runInBackground(
      REPLAY_TASK,
      {
        configs,
        ...(request.compareWith === "saved"
          ? { saved: { snapshot: await loadAgentSnapshot(db, agent), version: agent.configVersion } }
          : {}),
        sessions: inputs,
        mode: request.mode,
        // A replay of chosen sessions (a trace, an API caller) also shows each replayed stage.
        withStages: Boolean(request.sessions.ids),
        head: { mode: request.mode, target: { kind: target.kind, config_version: configVersion } },
        includeSame: request.includeSame,
      },
      { signal: request.signal, onProgress: request.onProgress },
    );
  } catch (error) {
    if (error instanceof ComputeCancelledError) throw new ReplayCancelledError();
    throw error;
  }
}

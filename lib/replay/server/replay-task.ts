import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import { compileAgent } from "@/lib/engine/compile/compile-agent";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { EnginePorts } from "@/lib/engine/ports";
import type { ReplayMode } from "@/lib/engine/replay/replay-ports";
import {
  type ReplayedSession,
  type ReplaySessionInput,
  replaySession,
  unreplayableSession,
} from "@/lib/engine/replay/replay-session";
import type { ReplayTurnInput } from "@/lib/engine/replay/replay-turn-input";
import { createOfflineProvider } from "@/lib/providers/offline";
import type { ComputeTask } from "@/lib/server/background/compute-tasks";
import { ComputeCancelledError } from "@/lib/server/background/compute-tasks";
import { againstSaved } from "./against-saved";
import { buildReplayReport, type ReplayReport } from "./replay-report";

// The CPU-heavy part of a replay and an impact preview, as background work (compute-tasks.ts): the
// sessions with their tapes and the configurations in, the report out. No server-only import: the
// compute worker runs it.

export interface ReplayTaskInput {
  /** One configuration for every turn, or (recorded) each turn's config_version → its snapshot, null when not kept. */
  configs: { single: AgentSnapshot } | { byVersion: [number, AgentSnapshot | null][] };
  /**
   * An impact preview's saved configuration: each turn compares with its replay on it instead of
   * with the stored turn. Sessions whose turns all ran on `version` skip that replay: the fidelity
   * contract (docs/replay.md) makes it the stored turn.
   */
  saved?: { snapshot: AgentSnapshot; version: number };
  sessions: ReplaySessionInput[];
  mode: ReplayMode;
  withStages: boolean;
  head: Pick<ReplayReport, "mode" | "target">;
  includeSame?: boolean;
}

async function compiledConfigs(
  configs: ReplayTaskInput["configs"],
  ports: EnginePorts,
): Promise<CompiledAgent | Map<number, CompiledAgent | null>> {
  if ("single" in configs) return compileAgent(configs.single, ports.embedder);
  const byVersion = new Map<number, CompiledAgent | null>();
  for (const [version, snapshot] of configs.byVersion) {
    byVersion.set(version, snapshot ? await compileAgent(snapshot, ports.embedder) : null);
  }
  return byVersion;
}

export const REPLAY_TASK: ComputeTask<ReplayTaskInput, ReplayReport> = {
  kind: "replay",
  async run(task, { ports, onProgress, signal, yieldBetween }) {
    const compiled = await compiledConfigs(task.configs, ports);
    const saved = task.saved ? await compileAgent(task.saved.snapshot, ports.embedder) : null;
    const options =
      task.mode === "frozen"
        ? { mode: "frozen" as const, model: createOfflineProvider(), embedder: ports.embedder, tools: ports.tools }
        : { mode: "live" as const, model: ports.model, embedder: ports.embedder, tools: ports.tools };
    const replayed: ReplayedSession[] = [];
    // A version is checked present before any of its session's turns asks for it.
    const agentFor =
      compiled instanceof Map
        ? (turn: ReplayTurnInput) => compiled.get(turn.configVersion ?? 0) as CompiledAgent
        : compiled;
    for (const [done, session] of task.sessions.entries()) {
      if (signal?.aborted) throw new ComputeCancelledError();
      onProgress(done, task.sessions.length);
      const missing = compiled instanceof Map && session.turns.find((t) => !compiled.get(t.configVersion ?? 0));
      const replay = missing
        ? unreplayableSession(session, `configuration version ${missing.configVersion} is not kept`)
        : await replaySession(agentFor, session, { ...options, withStages: task.withStages });
      const onSaved = task.saved && session.turns.every((turn) => turn.configVersion === task.saved?.version);
      replayed.push(
        saved && !onSaved ? againstSaved(replay, await replaySession(saved, session, { ...options })) : replay,
      );
      if (yieldBetween) await new Promise((resolve) => setImmediate(resolve));
    }
    onProgress(task.sessions.length, task.sessions.length);
    return buildReplayReport(replayed, task.head, { includeSame: task.includeSame });
  },
};

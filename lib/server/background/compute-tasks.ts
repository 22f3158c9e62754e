import { type CompiledAgent, compileAgent } from "@/lib/engine/compile/compile-agent";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { noNetworkTools } from "@/lib/engine/conversation-tests/no-network-tools";
import type { TestMode } from "@/lib/engine/conversation-tests/run-case";
import { runSuite, type SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import type { EnginePorts } from "@/lib/engine/ports";
import type { ReplayMode } from "@/lib/engine/replay/replay-ports";
import {
  type ReplayedSession,
  type ReplaySessionInput,
  type ReplayTurnInput,
  replaySession,
  unreplayableSession,
} from "@/lib/engine/replay/replay-session";
import { createOfflineProvider } from "@/lib/providers/offline";
import { againstSaved } from "@/lib/replay/server/against-saved";
import { buildReplayReport, type ReplayReport } from "@/lib/replay/server/replay-report";

// The CPU-heavy part of replays, test runs and impact previews, given plain data (snapshots, cases,
// sessions with their tapes) so that it can cross into a background worker thread (structured clone)
// and its report back. The request thread reads the database before and writes after; nothing here
// does I/O but the ports' own (a live run's model and tools). No server-only import: this module is
// the compute worker's program.

export type ComputeTask =
  | {
      kind: "suite";
      snapshot: AgentSnapshot;
      cases: BundleTestCase[];
      mode: TestMode;
      k: number;
      tries?: number;
    }
  | {
      kind: "replay";
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
    };

export type ComputeResult<T extends ComputeTask> = T extends { kind: "suite" } ? SuiteReport : ReplayReport;

export class ComputeCancelledError extends Error {
  constructor() {
    super("the background work was cancelled");
  }
}

export interface ComputeOptions {
  ports: EnginePorts;
  /** Told after each case or session. */
  onProgress: (done: number, total: number) => void;
  /** Only when the task runs on the request thread (a worker is terminated instead). */
  signal?: AbortSignal;
  /** On the request thread (tests with injected ports): give the event loop a turn after each session (a suite does after each case). */
  yieldBetween?: boolean;
}

async function runSuiteTask(
  task: Extract<ComputeTask, { kind: "suite" }>,
  { ports, onProgress, signal }: ComputeOptions,
) {
  const compiled = await compileAgent(task.snapshot, ports.embedder);
  const live = task.mode === "live";
  return runSuite(compiled, task.cases, {
    ports: {
      mode: task.mode,
      model: live ? ports.model : createOfflineProvider(),
      embedder: ports.embedder,
      tools: live ? ports.tools : noNetworkTools(ports.tools),
    },
    k: task.k,
    tries: task.tries,
    signal,
    onProgress,
  });
}

async function compiledConfigs(
  configs: Extract<ComputeTask, { kind: "replay" }>["configs"],
  ports: EnginePorts,
): Promise<CompiledAgent | Map<number, CompiledAgent | null>> {
  if ("single" in configs) return compileAgent(configs.single, ports.embedder);
  const byVersion = new Map<number, CompiledAgent | null>();
  for (const [version, snapshot] of configs.byVersion) {
    byVersion.set(version, snapshot ? await compileAgent(snapshot, ports.embedder) : null);
  }
  return byVersion;
}

async function runReplayTask(
  task: Extract<ComputeTask, { kind: "replay" }>,
  { ports, onProgress, signal, yieldBetween }: ComputeOptions,
) {
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
}

export async function runComputeTask<T extends ComputeTask>(
  task: T,
  options: ComputeOptions,
): Promise<ComputeResult<T>> {
  const result = task.kind === "suite" ? await runSuiteTask(task, options) : await runReplayTask(task, options);
  return result as ComputeResult<T>;
}

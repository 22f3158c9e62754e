import type { EngineTool } from "../contracts/snapshot";
import type { Clock, Embedder, EnginePorts, Ids, ModelProvider, ToolResult, ToolRunner } from "../ports";
import { canonicalSha256 } from "./request-hash";
import { withStableRefs } from "./stable-refs";
import type { ModelCallKind, TapeModelCall, TapeToolCall, TurnTape } from "./tape";

export type ReplayMode = "frozen" | "live";

/** A call the tape could not serve in frozen mode, served by the named fallback instead. */
export interface Divergence {
  kind: ModelCallKind | "tool";
  /** 0-based position among the turn's calls of this kind (tools: among tool calls). */
  index: number;
  /** `request_changed`: the tape has a call here, for another request; `not_on_tape`: it has none. */
  reason: "request_changed" | "not_on_tape";
  /** The model kind's fallback provider, or the tool's key. */
  served_by: string;
}

export interface ReplayPortsOptions {
  mode: ReplayMode;
  /** Frozen: serves what the tape cannot (the offline provider). Live: serves every call. */
  model: ModelProvider;
  embedder: Embedder;
  /** Frozen: runs static tools the tape cannot serve; http tools are refused (no network). Live: every call. */
  tools: ToolRunner;
  /** The configuration's stable references, so tapes hash the same across installs (stable-refs.ts). */
  refs?: ReadonlyMap<string, string>;
}

export interface ReplayPorts {
  ports: EnginePorts;
  divergences: Divergence[];
}

// Spans of a replay are not compared, so their offsets only need to be increasing.
function counterMs(): () => number {
  let tick = 0;
  return () => ++tick;
}

/** What the replayed ports share: the tape, the fallbacks, the mode, and the calls the tape could not serve. */
interface Served {
  tape: TurnTape;
  options: ReplayPortsOptions;
  frozen: boolean;
  divergences: Divergence[];
}

/**
 * The model port: the i-th call of a kind answered from the tape's i-th call of that kind when the
 * request hashes the same (frozen), else by the fallback provider, listed as a divergence.
 */
function replayModel({ tape, options, frozen, divergences }: Served): ModelProvider {
  const used: Record<string, number> = {};
  const fallback = options.model;
  function serve<Req, Res>(kind: ModelCallKind, live: ((request: Req) => Promise<Res>) | undefined) {
    return async (request: Req): Promise<Res> => {
      const index = used[kind] ?? 0;
      used[kind] = index + 1;
      if (!frozen && live) return live(request);
      const recorded: TapeModelCall | undefined = tape.calls.filter((c) => c.kind === kind)[index];
      if (recorded && recorded.request_sha256 === canonicalSha256(withStableRefs(request, options.refs))) {
        return structuredClone(recorded.result) as Res;
      }
      divergences.push({
        kind,
        index,
        reason: recorded ? "request_changed" : "not_on_tape",
        served_by: `${fallback.name}/${fallback.model}`,
      });
      if (!live) throw new Error(`the ${fallback.name} provider cannot serve a ${kind} call`);
      return live(request);
    };
  }
  const model: ModelProvider = {
    name: frozen ? tape.provider.name : fallback.name,
    model: frozen ? tape.provider.model : fallback.model,
    sense: serve("sense", (r) => fallback.sense(r)),
    generate: serve("generate", (r) => fallback.generate(r)),
    judge: serve("judge", (r) => fallback.judge(r)),
  };
  // The engine takes another path when a provider has no extract/select: a frozen replay keeps the
  // recorded provider's shape, a live one the live provider's.
  const hasExtract = frozen ? tape.provider.extract : Boolean(fallback.extract);
  const hasSelect = frozen ? tape.provider.select : Boolean(fallback.select);
  if (hasExtract) model.extract = serve("extract", fallback.extract?.bind(fallback));
  if (hasSelect) model.select = serve("select", fallback.select?.bind(fallback));
  return model;
}

/** The tool port: the i-th tool call from the tape when tool and input match (frozen); http tools are never run. */
function replayTools({ tape, options, frozen, divergences }: Served): ToolRunner {
  let toolIndex = 0;
  return {
    async run(tool: EngineTool, input: Record<string, unknown>): Promise<ToolResult> {
      const index = toolIndex++;
      if (!frozen) return options.tools.run(tool, input);
      const recorded: TapeToolCall | undefined = tape.tools[index];
      if (recorded && recorded.tool_key === tool.key && recorded.input_sha256 === canonicalSha256(input)) {
        return structuredClone(recorded.result);
      }
      divergences.push({
        kind: "tool",
        index,
        reason: recorded ? "request_changed" : "not_on_tape",
        served_by: tool.key,
      });
      if (tool.kind !== "static") {
        return {
          ok: false,
          reason: "refused",
          message: "not on the tape, and a frozen replay makes no network calls",
          durationMs: 0,
        };
      }
      return options.tools.run(tool, input);
    },
  };
}

/** The tape's wall-clock readings in order (then its last one), and spans timed on a counter. */
function replayClock(tape: TurnTape): Clock {
  let clockAt = 0;
  const lastReading = tape.clock.at(-1);
  return {
    now: () => new Date(tape.clock[clockAt++] ?? lastReading ?? "1970-01-01T00:00:00.000Z"),
    monotonicMs: counterMs(),
  };
}

/** The tape's ids in order while the prefix matches; a replay-only id past them. */
function replayIds(tape: TurnTape): Ids {
  let idAt = 0;
  let extraIds = 0;
  return {
    next(prefix) {
      const recorded = tape.ids[idAt];
      if (recorded?.startsWith(prefix)) {
        idAt++;
        return recorded;
      }
      return `${prefix}_replay_${++extraIds}`;
    },
  };
}

/**
 * Ports that serve a turn again from its tape. Frozen: the i-th call of a kind is answered from the
 * tape's i-th call of that kind when the request hashes the same; otherwise the fallback answers and
 * the call is listed as a divergence. Live: the given provider and tools answer everything. Either
 * way the wall clock and ids are the tape's, so continuity's TTLs and option-set ids come out the same.
 */
export function replayPorts(tape: TurnTape, options: ReplayPortsOptions): ReplayPorts {
  const served: Served = { tape, options, frozen: options.mode === "frozen", divergences: [] };
  return {
    divergences: served.divergences,
    ports: {
      model: replayModel(served),
      embedder: options.embedder,
      tools: replayTools(served),
      clock: replayClock(tape),
      ids: replayIds(tape),
    },
  };
}

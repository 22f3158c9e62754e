import type { EngineTool } from "../contracts/snapshot";
import type { TurnInput } from "../contracts/turn-outcome";
import type { Embedder, EnginePorts, ModelProvider } from "../ports";
import { wrapModelCalls } from "../wrap-model-calls";
import { canonicalSha256 } from "./request-hash";
import { withStableRefs } from "./stable-refs";
import type { TapeModelCall, TurnTape } from "./tape";

export interface TapeRecorder {
  /** The ports to run the turn with: every call goes through to `ports` and is written down. */
  ports: EnginePorts;
  /** The tape so far; `end`, `external`, `start` and the people's part are the host's to fill. */
  tape(): Omit<TurnTape, "end" | "external">;
}

/** The model port, each call's result kept in call order with a hash of its request. */
function recordingModel(inner: ModelProvider, calls: TapeModelCall[], refs?: ReadonlyMap<string, string>) {
  return wrapModelCalls(inner, (kind, call) => async (request) => {
    const result = await call(request);
    calls.push({
      kind,
      request_sha256: canonicalSha256(withStableRefs(request, refs)),
      result: structuredClone(result) as never,
    });
    return result;
  });
}

/** The embedder, kept by identity and dimension only: it is deterministic and local. */
function recordingEmbedder(embedder: Embedder, dimension: { value: number }): Embedder {
  const embedSparse = embedder.embedSparse?.bind(embedder);
  return {
    name: embedder.name,
    async embed(texts) {
      const vectors = await embedder.embed(texts);
      dimension.value ||= vectors[0]?.length ?? 0;
      return vectors;
    },
    // Passed through as offered: without it the recorded turn would score intents on other vectors
    // than its replay.
    ...(embedSparse ? { embedSparse } : {}),
  };
}

/** Tools, clock and ids: each result, wall-clock reading and id written down in order. */
function recordingRest(ports: EnginePorts, kept: Pick<TurnTape, "tools" | "clock" | "ids">) {
  return {
    tools: {
      async run(tool: EngineTool, input: Record<string, unknown>) {
        const result = await ports.tools.run(tool, input);
        kept.tools.push({ tool_key: tool.key, input_sha256: canonicalSha256(input), result: structuredClone(result) });
        return result;
      },
    },
    clock: {
      now() {
        const at = ports.clock.now();
        kept.clock.push(at.toISOString());
        return at;
      },
      monotonicMs: () => ports.clock.monotonicMs(),
    },
    ids: {
      next(prefix: string) {
        const id = ports.ids.next(prefix);
        kept.ids.push(id);
        return id;
      },
    },
  };
}

/**
 * Wraps a turn's ports so that what they return is kept: model results in call order with a hash of
 * each request, tool results with a hash of each input, wall-clock readings and ids. The embedder is
 * kept by identity only — it is deterministic and local, and a replay checks it is the same one. Of
 * the turn's input it keeps what a replay cannot rebuild (replayed-input.ts says where each field comes from).
 */
export function recordingPorts(
  ports: EnginePorts,
  input: Omit<TurnInput, "message" | "turnId">,
  refs?: ReadonlyMap<string, string>,
): TapeRecorder {
  const calls: TapeModelCall[] = [];
  const kept: Pick<TurnTape, "tools" | "clock" | "ids"> = { tools: [], clock: [], ids: [] };
  const dimension = { value: 0 };
  const inner = ports.model;
  return {
    ports: {
      model: recordingModel(inner, calls, refs),
      embedder: recordingEmbedder(ports.embedder, dimension),
      ...recordingRest(ports, kept),
      // Not on the tape: a replay reads the stored message, which already holds the placeholders.
      ...(ports.vault ? { vault: ports.vault } : {}),
    },
    tape: () => ({
      version: 1,
      provider: {
        name: inner.name,
        model: inner.model,
        extract: Boolean(inner.extract),
        select: Boolean(inner.select),
      },
      embedder: { name: ports.embedder.name, dimension: dimension.value },
      continuity_enabled: input.continuityEnabled ?? false,
      ...(input.operatorNote ? { operator_note: input.operatorNote } : {}),
      ...(input.knowledge
        ? { cited_passages: input.knowledge.citedPassages.map(({ id, text }) => ({ id, text })) }
        : {}),
      calls,
      tools: kept.tools,
      clock: kept.clock,
      ids: kept.ids,
    }),
  };
}

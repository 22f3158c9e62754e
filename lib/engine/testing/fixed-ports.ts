import type { EngineTool } from "../contracts/snapshot";
import type { Clock, Embedder, EnginePorts, Ids, ModelProvider, ToolResult, ToolRunner } from "../ports";

/** A clock that only moves when read: every span gets the same offsets on every run. */
export function steppingClock(start = "2026-01-01T00:00:00.000Z", stepMs = 1): Clock {
  let tick = 0;
  const origin = Date.parse(start);
  return {
    now: () => new Date(origin + tick * stepMs),
    monotonicMs: () => {
      tick += 1;
      return tick * stepMs;
    },
  };
}

export function sequentialIds(): Ids {
  let n = 0;
  return { next: (prefix) => `${prefix}-${++n}` };
}

/** Static tools answer with their configured data; http tools fail as "refused" (tests make no requests). */
export function staticToolRunner(
  overrides: Record<string, (input: Record<string, unknown>) => ToolResult> = {},
): ToolRunner & {
  calls: { key: string; input: Record<string, unknown> }[];
} {
  const calls: { key: string; input: Record<string, unknown> }[] = [];
  return {
    calls,
    async run(tool: EngineTool, input) {
      calls.push({ key: tool.key, input: { ...input } });
      const override = overrides[tool.key];
      if (override) return override(input);
      if (tool.kind !== "static")
        return { ok: false, reason: "refused", message: "no network in tests", durationMs: 0 };
      return { ok: true, output: structuredClone(tool.output.data ?? {}), durationMs: 0 };
    },
  };
}

export function testPorts(
  model: ModelProvider,
  embedder: Embedder,
  tools: ToolRunner = staticToolRunner(),
): EnginePorts {
  return { model, embedder, tools, clock: steppingClock(), ids: sequentialIds() };
}

import type { CompiledAgent } from "../../compile/compile-agent";
import type { SessionState } from "../../contracts/session-state";
import type { EngineTool } from "../../contracts/snapshot";
import { pathInputs, resolveToolOutputPath } from "../../contracts/tool-output-path";
import type { ToolRunner } from "../../ports";
import type { ScoredRule } from "../filtering/filter-rules";
import { lookupVariable } from "../variables/resolve-variables";

export interface ToolCall {
  toolId: string;
  key: string;
  name: string;
  input: Record<string, unknown>;
  ok: boolean;
  detail: string;
  durationMs: number;
  output: unknown;
  variablesSet: string[];
}

function declaredInputs(tool: EngineTool): { names: string[]; required: string[] } {
  const properties = tool.inputSchema.properties;
  const names = properties && typeof properties === "object" ? Object.keys(properties) : [];
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.map(String) : [];
  return { names, required };
}

/**
 * Stage 6 (single pass, docs/decisions.md#tools-run-once): the attached tools of matched rules run once each,
 * in priority order; mapped output values become session variables. A failed tool is recorded and the
 * turn goes on without its values.
 */
export async function runTools(
  agent: CompiledAgent,
  session: SessionState,
  matched: ScoredRule[],
  runner: ToolRunner,
): Promise<ToolCall[]> {
  const seen = new Set<string>();
  const calls: ToolCall[] = [];
  for (const { compiled } of matched) {
    for (const toolId of compiled.rule.attachedToolIds) {
      if (seen.has(toolId)) continue;
      seen.add(toolId);
      const tool = agent.tools.get(toolId);
      if (!tool) continue;
      const mappings = agent.toolVariables.get(toolId) ?? [];
      const { names, required } = declaredInputs(tool);
      const wanted = new Set([...names, ...mappings.flatMap((m) => pathInputs(m.steps))]);
      const input: Record<string, unknown> = {};
      for (const name of wanted) {
        const found = lookupVariable(session, name);
        if (found) input[name] = found.value;
      }
      const absent = required.filter((name) => input[name] === undefined);
      if (absent.length > 0) {
        calls.push({
          toolId,
          key: tool.key,
          name: tool.name,
          input,
          ok: false,
          detail: `skipped: needs ${absent.join(", ")}`,
          durationMs: 0,
          output: null,
          variablesSet: [],
        });
        continue;
      }
      const result = await runner.run(tool, input);
      if (!result.ok) {
        calls.push({
          toolId,
          key: tool.key,
          name: tool.name,
          input,
          ok: false,
          detail: `${result.reason}: ${result.message}`,
          durationMs: result.durationMs,
          output: null,
          variablesSet: [],
        });
        continue;
      }
      const variablesSet: string[] = [];
      for (const mapping of mappings) {
        const value = resolveToolOutputPath(result.output, mapping.steps, input);
        if (value !== undefined) {
          session.variables[mapping.name] = value;
          variablesSet.push(mapping.name);
        }
      }
      calls.push({
        toolId,
        key: tool.key,
        name: tool.name,
        input,
        ok: true,
        detail: `set ${variablesSet.join(", ") || "nothing"}`,
        durationMs: result.durationMs,
        output: result.output,
        variablesSet,
      });
    }
  }
  return calls;
}

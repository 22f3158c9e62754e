import type { CompiledAgent } from "../../compile/compile-agent";
import type { SessionState } from "../../contracts/session-state";
import type { EngineTool } from "../../contracts/snapshot";
import { type PathStep, pathInputs, resolveToolOutputPath } from "../../contracts/tool-output-path";
import type { ApprovalDecision, ApprovalRequest } from "../../contracts/turn-outcome";
import type { SentRequest, ToolRunner } from "../../ports";
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
  /** The call did not run: it waits for an operator's approval (docs/approvals.md). */
  awaitingApproval?: ApprovalRequest;
  /** The call did not run: an operator denied it. */
  denied?: true;
  /** A failed call's typed error: its output paths under `error` (`error.status`) read this. */
  error?: ToolError;
  /** An http tool's request as sent, credential values as `••••` (the trace shows it). */
  request?: SentRequest;
}

/** What a failed call exposes to its output paths: `error.reason`, and `error.status` for a non-2xx answer. */
interface ToolError {
  reason: string;
  status?: number;
}

function declaredInputs(tool: EngineTool): { names: string[]; required: string[] } {
  const properties = tool.inputSchema.properties;
  const names = properties && typeof properties === "object" ? Object.keys(properties) : [];
  const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required.map(String) : [];
  return { names, required };
}

/** The attached tools of the matched rules, once each, in rule priority order, with the rule that attached each. */
function attachedTools(agent: CompiledAgent, matched: ScoredRule[]): { tool: EngineTool; rule: ScoredRule }[] {
  const seen = new Set<string>();
  const found: { tool: EngineTool; rule: ScoredRule }[] = [];
  for (const rule of matched) {
    for (const toolId of rule.compiled.rule.attachedToolIds) {
      const tool = seen.has(toolId) ? undefined : agent.tools.get(toolId);
      seen.add(toolId);
      if (tool) found.push({ tool, rule });
    }
  }
  return found;
}

/** The tool's declared inputs and its output paths' placeholders, read from session then profile. */
function callInput(agent: CompiledAgent, session: SessionState, tool: EngineTool): Record<string, unknown> {
  const mappings = agent.toolVariables.get(tool.id) ?? [];
  const wanted = new Set([...declaredInputs(tool).names, ...mappings.flatMap((m) => pathInputs(m.steps))]);
  const input: Record<string, unknown> = {};
  for (const name of wanted) {
    const found = lookupVariable(session, name);
    if (found) input[name] = found.value;
  }
  return input;
}

function notRun(tool: EngineTool, input: Record<string, unknown>): ToolCall {
  return {
    toolId: tool.id,
    key: tool.key,
    name: tool.name,
    input,
    ok: false,
    detail: "",
    durationMs: 0,
    output: null,
    variablesSet: [],
  };
}

/**
 * docs/approvals.md: the first attached tool that requires approval, has its required inputs and was
 * not decided for this turn pauses the turn before any tool runs, so a resumed turn calls each tool once.
 */
function pausedCall(
  agent: CompiledAgent,
  session: SessionState,
  matched: ScoredRule[],
  approval: ApprovalDecision | undefined,
): ToolCall | null {
  for (const { tool, rule } of attachedTools(agent, matched)) {
    if (!tool.requiresApproval || approval?.toolId === tool.id) continue;
    const input = callInput(agent, session, tool);
    if (declaredInputs(tool).required.some((name) => input[name] === undefined)) continue;
    const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
    const step = session.activeStepId ? scenario?.steps.get(session.activeStepId) : undefined;
    return {
      ...notRun(tool, input),
      detail: "awaiting approval",
      awaitingApproval: {
        toolId: tool.id,
        toolKey: tool.key,
        toolName: tool.name,
        input,
        ruleId: rule.compiled.rule.id,
        ruleKey: rule.compiled.rule.key,
        scenario: scenario ? { id: scenario.scenario.id, key: scenario.scenario.key } : null,
        step: step ? { id: step.id, key: step.key } : null,
      },
    };
  }
  return null;
}

const isErrorPath = (steps: readonly PathStep[]) => steps[0]?.kind === "key" && steps[0].key === "error";

/**
 * A failed call sets the output variables whose path starts at `error` (`error.status`, `error.reason`)
 * from its typed error, so a rule's condition or CEL can branch on `order_status == 404`.
 */
function setErrorVariables(
  agent: CompiledAgent,
  session: SessionState,
  tool: EngineTool,
  input: Record<string, unknown>,
  error: ToolError,
): string[] {
  const set: string[] = [];
  for (const mapping of agent.toolVariables.get(tool.id) ?? []) {
    if (!isErrorPath(mapping.steps)) continue;
    const value = resolveToolOutputPath({ error }, mapping.steps, input);
    if (value === undefined) continue;
    session.variables[mapping.name] = value;
    set.push(mapping.name);
  }
  return set;
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
  approval?: ApprovalDecision,
): Promise<ToolCall[]> {
  const paused = pausedCall(agent, session, matched, approval);
  if (paused) return [paused];
  const calls: ToolCall[] = [];
  for (const { tool } of attachedTools(agent, matched)) {
    const input = callInput(agent, session, tool);
    if (approval?.decision === "denied" && approval.toolId === tool.id) {
      calls.push({ ...notRun(tool, input), detail: "denied by an operator", denied: true });
      continue;
    }
    const absent = declaredInputs(tool).required.filter((name) => input[name] === undefined);
    if (absent.length > 0) {
      calls.push({ ...notRun(tool, input), detail: `skipped: needs ${absent.join(", ")}` });
      continue;
    }
    const result = await runner.run(tool, input);
    if (!result.ok) {
      const error: ToolError = { reason: result.reason, ...(result.status ? { status: result.status } : {}) };
      calls.push({
        ...notRun(tool, input),
        detail: `${result.reason}: ${result.message}`,
        durationMs: result.durationMs,
        error,
        variablesSet: setErrorVariables(agent, session, tool, input, error),
        ...(result.request ? { request: result.request } : {}),
      });
      continue;
    }
    const variablesSet: string[] = [];
    for (const mapping of agent.toolVariables.get(tool.id) ?? []) {
      const value = resolveToolOutputPath(result.output, mapping.steps, input);
      if (value !== undefined) {
        session.variables[mapping.name] = value;
        variablesSet.push(mapping.name);
      } else if (isErrorPath(mapping.steps)) {
        // A success clears what an earlier failure of the tool left in its error variables.
        delete session.variables[mapping.name];
      }
    }
    calls.push({
      ...notRun(tool, input),
      ok: true,
      detail: `set ${variablesSet.join(", ") || "nothing"}`,
      durationMs: result.durationMs,
      output: result.output,
      variablesSet,
      ...(result.request ? { request: result.request } : {}),
    });
  }
  return calls;
}

import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "@/db/types";
import { toolsWithCredentials } from "@/lib/credentials/server/credential-tools";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import type { ToolRunner } from "@/lib/engine/ports";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import type { ToolTryResult } from "@/lib/tools/tool-action-schemas";
import { extractToolVariables, typeToolInputs } from "@/lib/tools/tool-try";

/**
 * The editor's "Try it": runs the draft tool once through the runner turns use (the host's: static
 * data, or HTTP under FOCAL_TOOL_HOSTS, the SSRF guard, the timeout and the size cap), then maps the
 * output through its paths as stage 6 would. Writes nothing. An http tool on a host this server may
 * not call is refused by the runner before any request, and that refusal is the answer shown.
 */
export async function tryTool(
  db: Database,
  agentKey: string,
  tool: BundleTool,
  texts: Record<string, string>,
  runner: ToolRunner = hostPorts().tools,
): Promise<ToolTryResult> {
  const agent = await requireAgent(db, agentKey);
  const typed = typeToolInputs(tool, texts);
  if (Object.keys(typed.errors).length > 0 || typed.missing.length > 0) {
    return { state: "skipped", input_errors: typed.errors, missing: typed.missing };
  }
  const engineTool: EngineTool = {
    id: `try:${tool.key}`,
    key: tool.key,
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    inputSchema: tool.input_schema,
    output: tool.output,
  };
  // The agent's default credential binding, as a draft turn would send it; a fresh call key, so two
  // tries are two calls to a server that honours Idempotency-Key.
  const scope = { agentId: agent.id, environment: null, sessionId: `try-${randomUUID()}`, turnIndex: 0 };
  const result = await toolsWithCredentials(runner, db, scope).run(engineTool, typed.input);
  if (!result.ok) {
    return {
      state: "failed",
      input: typed.input,
      reason: result.reason,
      message: result.message,
      duration_ms: result.durationMs,
      ...(result.request ? { request: result.request } : {}),
    };
  }
  return {
    state: "ok",
    input: typed.input,
    output: result.output,
    duration_ms: result.durationMs,
    variables: extractToolVariables(tool, result.output, typed.input),
    ...(result.request ? { request: result.request } : {}),
  };
}

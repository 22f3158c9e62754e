import "server-only";
import { deleteToolRow, insertToolRow, toolIdByKey, updateToolRow } from "@/db/queries/tools";
import type { AgentRow, Database, Transaction } from "@/db/types";
import { toolColumns } from "@/lib/bundles/entity-columns";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import { applyCredential } from "@/lib/credentials/server/credential-tools";
import { type Bundle, BundleTool } from "@/lib/engine/contracts/bundle";
import { McpFailure } from "@/lib/providers/tools/mcp-client";
import { type ListedMcpTool, listMcpTools, TooManyMcpToolsError } from "@/lib/providers/tools/mcp-tools-list";
import { ToolFailure } from "@/lib/providers/tools/tool-failure";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { canonicalTool } from "@/lib/tools/canonical-tool";
import { configuredToolHosts } from "@/lib/tools/server/tool-host-status";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { type ConfigChange, changeAgentConfig } from "@/lib/versioning/server/change-agent-config";
import type { SavePolicy } from "@/lib/versioning/server/save-policy";
import { MCP_MAX_TOOLS, type McpSyncDiff, type SyncMcpServerBody } from "../mcp-schemas";
import { diffOf, isEmptyPlan, planSync, type SyncPlan } from "../mcp-sync-plan";
import { requireMcpServer } from "./mcp-servers";

// A sync of one MCP server (docs/tools.md#mcp-servers): list its tools (outside any transaction: no
// network call holds a lock), plan the diff against the agent's tools, and — unless a dry run —
// apply it as ONE configuration change through changeAgentConfig: one version, one transaction, the
// save policies, one CONFIG_CHANGED in the ledger whose diff names every tool's changed fields. The
// plan is made again from the configuration as locked, so a save in between cannot be overwritten.
// A server that fails (no answer in 5 s, not MCP, over 500 tools or 2 MiB of list) or a refused plan
// (a key clash, an unknown chosen name) writes nothing and says what to do.

/** The list of 500 tools with long schemas fits; 64 KiB (a call's cap) would not. */
const LIST_MAX_BYTES = 2 * 1024 * 1024;
const LIST_TIMEOUT_MS = 5000;

interface SyncContext {
  actor: Actor;
  requestId: string;
  policies: readonly SavePolicy[];
}

function masked(message: string, secrets: readonly string[]): string {
  let text = message;
  for (const secret of secrets) if (secret.length >= 4) text = text.split(secret).join("••••");
  return text;
}

/** A failed listing as the answer that says what to do; nothing was written. */
function listingError(error: unknown, server: { name: string; url: string }, secrets: readonly string[]): AppError {
  if (error instanceof TooManyMcpToolsError) {
    return new AppError(
      "MCP_TOO_MANY_TOOLS",
      `MCP server "${server.name}" lists more than ${MCP_MAX_TOOLS} tools; Focal takes at most ${MCP_MAX_TOOLS} from one server. Point the registration at a narrower endpoint of the server. Nothing was changed.`,
    );
  }
  if (!(error instanceof ToolFailure)) throw error;
  const detail = masked(error.message, secrets);
  const nothing = "Nothing was changed.";
  switch (error.reason) {
    case "timeout":
      return new AppError(
        "MCP_TIMEOUT",
        `MCP server "${server.name}" gave no complete answer within ${LIST_TIMEOUT_MS} ms: check that it runs and answers at ${server.url}, then sync again. ${nothing}`,
      );
    case "refused":
      return new AppError("VALIDATION", `${detail}. Ask an admin to add the host to FOCAL_TOOL_HOSTS. ${nothing}`, [
        { path: "url", message: detail },
      ]);
    case "too_large":
      return new AppError(
        "MCP_TOO_MANY_TOOLS",
        `MCP server "${server.name}" sent a tool list over ${LIST_MAX_BYTES / 1024 / 1024} MiB: point the registration at a narrower endpoint. ${nothing}`,
      );
    default: {
      const answered = error instanceof McpFailure ? error.answered : true;
      if (!answered)
        return new AppError(
          "MCP_UNREACHABLE",
          `MCP server "${server.name}" could not be reached (${detail}): check the URL and that the server runs, then sync again. ${nothing}`,
        );
      const auth = error.status === 401 || error.status === 403 ? " Check the server's credential." : "";
      return new AppError(
        "MCP_PROTOCOL",
        `MCP server "${server.name}" did not answer as a streamable-HTTP MCP server (${detail}).${auth} Check that the URL is the server's MCP endpoint. ${nothing}`,
      );
    }
  }
}

async function listServerTools(
  db: Database,
  agent: AgentRow,
  server: { name: string; url: string; credential: string | null },
) {
  let secrets: string[] = [];
  try {
    const credential = server.credential
      ? await applyCredential(db, { agentId: agent.id, environment: null }, server.credential)
      : null;
    secrets = credential?.secrets ?? [];
    return await listMcpTools(server.url, credential, {
      policy: { allowedHosts: configuredToolHosts(), listedOnly: true },
      timeoutMs: LIST_TIMEOUT_MS,
      maxBytes: LIST_MAX_BYTES,
      maxTools: MCP_MAX_TOOLS,
    });
  } catch (error) {
    if (error instanceof ToolFailure && !(error instanceof McpFailure) && !(error instanceof TooManyMcpToolsError)) {
      // The credential could not be applied (not set, cannot be opened): the message says which.
      throw new AppError("VALIDATION", `${masked(error.message, secrets)}. Nothing was changed.`, [
        { path: "credential", message: error.message },
      ]);
    }
    throw listingError(error, server, secrets);
  }
}

function refuse(plan: SyncPlan): void {
  if (plan.problems.length === 0) return;
  const first = plan.problems[0]?.message ?? "";
  const more = plan.problems.length > 1 ? ` (and ${plan.problems.length - 1} more)` : "";
  throw new AppError("VALIDATION", `${first}${more} Nothing was changed.`, plan.problems);
}

/** The plan's rows written in the change's transaction, and its ledger diff (tool key → changed fields). */
async function applyPlan(tx: Transaction, agent: AgentRow, plan: SyncPlan): Promise<ConfigChange<null>["diff"]> {
  const diff: ConfigChange<null>["diff"] = {};
  const note = (key: string, before: BundleTool | null, after: BundleTool | null) => {
    for (const [field, change] of Object.entries(diffToolFields(before, after))) diff[`${key}.${field}`] = change;
  };
  for (const tool of plan.add) {
    const parsed = canonicalTool(BundleTool.parse(tool));
    await insertToolRow(tx, agent.id, toolColumns(parsed));
    note(tool.key, null, parsed);
  }
  for (const { stored, next } of plan.change) {
    const id = await toolIdByKey(tx, agent.id, stored.key);
    if (!id) throw new AppError("CONFLICT", `Tool "${stored.key}" vanished during the sync: sync again.`);
    const parsed = canonicalTool(BundleTool.parse(next));
    await updateToolRow(tx, id, toolColumns(parsed));
    note(stored.key, stored, parsed);
  }
  for (const tool of plan.remove) {
    const id = await toolIdByKey(tx, agent.id, tool.key);
    if (id) await deleteToolRow(tx, id);
    note(tool.key, tool, null);
  }
  return diff;
}

export async function syncMcpServer(
  db: Database,
  agent: AgentRow,
  name: string,
  body: SyncMcpServerBody,
  context: SyncContext,
): Promise<McpSyncDiff> {
  const server = await requireMcpServer(db, agent, name);
  const listed: ListedMcpTool[] = await listServerTools(db, agent, server);
  const source = { name: server.name, url: server.url, credential: server.credential };
  const planOf = (bundle: Bundle) => planSync(bundle, source, listed, body.tools);
  if (body.dry_run) {
    const plan = planOf(await readAgentBundle(db, agent));
    refuse(plan);
    return diffOf(plan, { server: name, dry_run: true, applied: false, config_version: agent.configVersion });
  }
  const request = {
    agentKey: agent.key,
    expectedVersion: body.expected_config_version ?? null,
    actor: context.actor,
    requestId: context.requestId,
    policies: context.policies,
  };
  const outcome = await changeAgentConfig(db, request, async (tx, locked, bundle) => {
    const plan = planOf(bundle);
    refuse(plan);
    if (isEmptyPlan(plan)) return { unchanged: plan };
    const diff = await applyPlan(tx, locked, plan);
    return { entity: "tool" as const, key: `mcp:${name}`, action: "updated" as const, diff, result: plan };
  });
  // Only a draft (impact preview) leaves the result unset, and a sync is never one.
  if (!outcome.result) throw new Error("a sync ran as a draft");
  return diffOf(outcome.result, {
    server: name,
    dry_run: false,
    applied: outcome.changed,
    config_version: outcome.config_version,
  });
}

import "server-only";
import { listAgentCredentials } from "@/db/queries/credentials";
import { deleteMcpServerRow, insertMcpServerRow, listMcpServerRows, mcpServerRow } from "@/db/queries/mcp-servers";
import type { AgentRow, Database, DbOrTx, McpServerRow, Transaction } from "@/db/types";
import { type ConfigReference, referencesTo } from "@/lib/bundles/config-references";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { configuredToolHosts, toolHostStatus } from "@/lib/tools/server/tool-host-status";
import type { CreateMcpServerBody, McpServerBody } from "../mcp-schemas";

// An agent's MCP servers (docs/tools.md#mcp-servers): register, list, delete, each write in one
// transaction with its ledger event (MCP_SERVER_ADDED / _DELETED: name, URL, credential name). A
// registration is checked before anything is written: the URL's host on the tool allow-list, the
// credential one the agent has. Nothing here talks to the server; a sync does (sync-mcp-server.ts).

interface Context {
  actor: Actor;
  requestId: string;
}

function toolsOf(bundle: Bundle, server: string): string[] {
  return bundle.tools.filter((t) => t.kind === "mcp" && t.output.server === server).map((t) => t.key);
}

function bodyOf(row: McpServerRow, bundle: Bundle): McpServerBody {
  return {
    name: row.name,
    url: row.url,
    credential: row.credential,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    tools: toolsOf(bundle, row.name),
  };
}

export async function listMcpServers(db: DbOrTx, agent: AgentRow): Promise<McpServerBody[]> {
  const [rows, bundle] = await Promise.all([listMcpServerRows(db, agent.id), readAgentBundle(db, agent)]);
  return rows.map((row) => bodyOf(row, bundle));
}

export async function requireMcpServer(db: DbOrTx, agent: AgentRow, name: string): Promise<McpServerRow> {
  const row = await mcpServerRow(db, agent.id, name);
  if (!row) throw new AppError("NOT_FOUND", `No MCP server "${name}" for this agent.`);
  return row;
}

/** The URL's host must be one this server may call; the credential one the agent has. */
async function assertRegistrable(db: DbOrTx, agent: AgentRow, body: CreateMcpServerBody): Promise<void> {
  const status = toolHostStatus(body.url, configuredToolHosts());
  if (status.state !== "allowed")
    throw new AppError("VALIDATION", status.message, [{ path: "url", message: status.message }]);
  if (!body.credential) return;
  const names = new Set((await listAgentCredentials(db, agent.id)).map((row) => row.name));
  if (!names.has(body.credential)) {
    const message = `The agent has no credential "${body.credential}": add it under Settings → Credentials first, or register the server without one.`;
    throw new AppError("VALIDATION", message, [{ path: "credential", message }]);
  }
}

export async function createMcpServer(
  db: Database,
  agent: AgentRow,
  body: CreateMcpServerBody,
  context: Context,
): Promise<McpServerBody> {
  await assertRegistrable(db, agent, body);
  return db.transaction(async (tx) => {
    const row = await insertMcpServerRow(tx, {
      agentId: agent.id,
      name: body.name,
      url: body.url,
      credential: body.credential ?? null,
      createdBy: context.actor.name,
    });
    if (!row)
      throw new AppError("CONFLICT", `The agent has an MCP server "${body.name}" already: choose another name.`);
    await ledger(tx, "MCP_SERVER_ADDED", agent, row, context);
    return bodyOf(row, await readAgentBundle(tx, agent));
  });
}

/**
 * Deletes a registration. Refused (409 IN_USE) while a tool imported from it is attached to a rule or
 * named by a test; its unused tools stay (they carry the URL) until a designer deletes them.
 */
export async function deleteMcpServer(db: Database, agent: AgentRow, name: string, context: Context): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await mcpServerRow(tx, agent.id, name, true);
    if (!row) throw new AppError("NOT_FOUND", `No MCP server "${name}" for this agent.`);
    const bundle = await readAgentBundle(tx, agent);
    const references: ConfigReference[] = toolsOf(bundle, name).flatMap((key) => referencesTo(bundle, "tool", key));
    if (references.length > 0) {
      const who = [...new Set(references.map((r) => `${r.kind} "${r.key}"`))].join(", ");
      throw new AppError(
        "IN_USE",
        `Tools of MCP server "${name}" are in use (${who}): detach them from the rules first. Nothing was deleted.`,
        undefined,
        { references },
      );
    }
    await deleteMcpServerRow(tx, row.id);
    await ledger(tx, "MCP_SERVER_DELETED", agent, row, context);
  });
}

function ledger(
  tx: Transaction,
  type: "MCP_SERVER_ADDED" | "MCP_SERVER_DELETED",
  agent: AgentRow,
  row: McpServerRow,
  context: Context,
) {
  return appendLedgerEvent(tx, {
    type,
    actor: context.actor,
    agentId: agent.id,
    requestId: context.requestId,
    payload: { agent_id: agent.id, agent_key: agent.key, name: row.name, url: row.url, credential: row.credential },
  });
}

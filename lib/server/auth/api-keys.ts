import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { agentIdsByKeys } from "@/db/queries/agent-grants";
import { insertApiKey, liveApiKeyByHash, revokeLiveApiKey, touchApiKey } from "@/db/queries/identity";
import type { DbOrTx, Transaction } from "@/db/types";
import type { ApiScope } from "@/lib/identity/roles";
import { AppError } from "../errors";
import { appendLedgerEvent } from "../ledger/append-ledger-event";
import type { Actor } from "../ledger/event-types";

const API_KEY_PREFIX = "fk_";
// fk_ + 8 characters identify a key in lists without revealing it.
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
// last_used_at is written at most once a minute per key, not on every request.
const LAST_USED_RESOLUTION_MS = 60_000;

function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(30).toString("base64url");
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The agents a limited key names, by key; an unknown key is refused (422 naming it), nothing written. */
async function resolveAgentKeys(tx: Transaction, keys: string[]): Promise<{ id: string; key: string }[]> {
  const unique = [...new Set(keys)];
  const found = await agentIdsByKeys(tx, unique);
  const issues = keys.flatMap((key, i) =>
    found.some((agent) => agent.key === key) ? [] : [{ path: `agents[${i}]`, message: `No agent with key ${key}.` }],
  );
  if (issues.length > 0) throw new AppError("VALIDATION", "The key names agents that do not exist.", issues);
  return found;
}

export interface CreatedApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  /** The agent keys the key is limited to; null: every agent. */
  agents: string[] | null;
  /** Shown once, never stored. */
  key: string;
}

export async function createApiKey(
  tx: Transaction,
  input: { name: string; scopes: ApiScope[]; agents?: string[] | null; key?: string },
  actor: Actor,
  requestId: string,
): Promise<CreatedApiKey> {
  const key = input.key ?? generateApiKey();
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  const agents = input.agents ? await resolveAgentKeys(tx, input.agents) : null;
  const id = await insertApiKey(tx, {
    name: input.name,
    prefix,
    keyHash: hashApiKey(key),
    scopes: input.scopes,
    agentIds: agents?.map((a) => a.id) ?? null,
    createdBy: actor.name,
  });
  await appendLedgerEvent(tx, {
    type: "API_KEY_CREATED",
    actor,
    requestId,
    payload: {
      api_key_id: id,
      name: input.name,
      prefix,
      scopes: input.scopes,
      ...(agents ? { agent_ids: agents.map((a) => a.id) } : {}),
    },
  });
  return { id, name: input.name, prefix, scopes: input.scopes, agents: agents?.map((a) => a.key) ?? null, key };
}

/** Returns true when a live key was revoked; revoking twice changes nothing. */
export async function revokeApiKey(tx: Transaction, id: string, actor: Actor, requestId: string): Promise<boolean> {
  const row = await revokeLiveApiKey(tx, id);
  if (!row) return false;
  await appendLedgerEvent(tx, {
    type: "API_KEY_REVOKED",
    actor,
    requestId,
    payload: { api_key_id: row.id, prefix: row.prefix },
  });
  return true;
}

export interface AuthenticatedKey {
  id: string;
  prefix: string;
  scopes: string[];
  agentIds: string[] | null;
}

export async function authenticateApiKey(db: DbOrTx, presented: string): Promise<AuthenticatedKey | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const row = await liveApiKeyByHash(db, hashApiKey(presented));
  if (!row) return null;
  const staleBefore = new Date(Date.now() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await touchApiKey(db, row.id, staleBefore);
  return { id: row.id, prefix: row.prefix, scopes: row.scopes, agentIds: row.agentIds };
}

import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { getEnvironment } from "@/db/queries/environments";
import {
  insertPublishableKey,
  livePublishableKeyByHash,
  livePublishableKeysOfAgent,
  revokeLivePublishableKey,
} from "@/db/queries/publishable-keys";
import type { AgentRow, Database, DbOrTx } from "@/db/types";
import { PRODUCTION } from "@/lib/environments/environment-schemas";
import { hashApiKey } from "@/lib/server/auth/api-keys";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { CreatedPublishableKeyBody, PublishableKeyBody } from "../publishable-key-schemas";

const PUBLISHABLE_KEY_PREFIX = "pk_";
// pk_ + 8 characters identify a key in lists without revealing it.
const SHOWN_PREFIX_LENGTH = PUBLISHABLE_KEY_PREFIX.length + 8;

type KeyBody = z.input<typeof PublishableKeyBody>;
interface Listed {
  id: string;
  label: string;
  prefix: string;
  allowedOrigins: string[];
  environments: string[];
  createdBy: string;
  createdAt: Date;
}

const bodyOf = (row: Listed): KeyBody => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  allowed_origins: row.allowedOrigins,
  environments: row.environments,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/** 422 naming `environments[i]` for each named environment the agent does not have (production always is). */
async function assertEnvironmentsExist(db: DbOrTx, agent: AgentRow, names: string[]): Promise<void> {
  const issues = [];
  for (const [at, name] of names.entries()) {
    if (name === PRODUCTION || (await getEnvironment(db, agent.id, name))) continue;
    issues.push({ path: `environments[${at}]`, message: `The agent has no environment "${name}"` });
  }
  if (issues.length > 0)
    throw new AppError("VALIDATION", "The key names environments the agent does not have.", issues);
}

export async function createPublishableKey(
  db: Database,
  agent: AgentRow,
  input: { label: string; allowed_origins: string[]; environments: string[] },
  context: { actor: Actor; requestId: string },
): Promise<z.input<typeof CreatedPublishableKeyBody>> {
  await assertEnvironmentsExist(db, agent, input.environments);
  const key = PUBLISHABLE_KEY_PREFIX + randomBytes(30).toString("base64url");
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertPublishableKey(tx, {
      agentId: agent.id,
      label: input.label,
      prefix,
      keyHash: hashApiKey(key),
      allowedOrigins: input.allowed_origins,
      environments: input.environments,
      createdBy: context.actor.name,
    });
    await appendLedgerEvent(tx, {
      type: "PUBLISHABLE_KEY_CREATED",
      actor: context.actor,
      requestId: context.requestId,
      payload: {
        publishable_key_id: inserted.id,
        agent_id: agent.id,
        label: input.label,
        prefix,
        allowed_origins: input.allowed_origins,
        environments: input.environments,
      },
    });
    return inserted;
  });
  return { ...bodyOf(row), key };
}

export async function listPublishableKeys(db: DbOrTx, agent: AgentRow): Promise<KeyBody[]> {
  return (await livePublishableKeysOfAgent(db, agent.id)).map(bodyOf);
}

/** Revokes a live key of the agent; an unknown, revoked or other agent's key is 404 and nothing is written. */
export async function revokePublishableKey(
  db: Database,
  agent: AgentRow,
  id: string,
  context: { actor: Actor; requestId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await revokeLivePublishableKey(tx, agent.id, id);
    if (!row) throw new AppError("NOT_FOUND", `No live publishable key ${id} on this agent.`);
    await appendLedgerEvent(tx, {
      type: "PUBLISHABLE_KEY_REVOKED",
      actor: context.actor,
      requestId: context.requestId,
      payload: { publishable_key_id: row.id, agent_id: agent.id, prefix: row.prefix },
    });
  });
}

export interface AuthenticatedPublishableKey {
  id: string;
  prefix: string;
  agentId: string;
  allowedOrigins: string[];
  environments: string[];
}

function isPublishableKeyText(presented: string): boolean {
  return presented.startsWith(PUBLISHABLE_KEY_PREFIX);
}

export async function authenticatePublishableKey(
  db: DbOrTx,
  presented: string,
): Promise<AuthenticatedPublishableKey | null> {
  if (!isPublishableKeyText(presented)) return null;
  const row = await livePublishableKeyByHash(db, hashApiKey(presented));
  if (!row) return null;
  const { id, prefix, agentId, allowedOrigins, environments } = row;
  return { id, prefix, agentId, allowedOrigins, environments };
}

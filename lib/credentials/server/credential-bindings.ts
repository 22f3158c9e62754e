import "server-only";
import { randomUUID } from "node:crypto";
import {
  CredentialExistsError,
  credentialBinding,
  deleteCredentialRow,
  insertCredential,
  listAgentCredentials,
  rotateCredentialRow,
} from "@/db/queries/credentials";
import { getEnvironment } from "@/db/queries/environments";
import type { AgentCredentialRow, AgentRow, Database, DbOrTx, Transaction } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { PRODUCTION } from "@/lib/environments/environment-schemas";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { plural } from "@/lib/text/plural";
import type {
  CreateCredentialBody,
  CredentialBody,
  CredentialKind,
  CredentialValue,
  RotateCredentialBody,
} from "../credential-schemas";
import { fingerprintOf, sealCredential } from "./credential-seal";

// An agent's credential bindings (docs/tools.md#credentials): create, rotate and delete, each in one
// transaction with its ledger event (CREDENTIAL_CREATED / _ROTATED / _DELETED: name, kind,
// environment and fingerprint, never the value). No answer carries a secret.

interface Context {
  actor: Actor;
  requestId: string;
}

/** The tools of the agent's current configuration that name each credential. */
function toolsByCredential(bundle: Bundle): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const tool of bundle.tools) {
    const name = tool.kind === "static" ? undefined : tool.output.credential;
    if (name) users.set(name, [...(users.get(name) ?? []), tool.key]);
  }
  return users;
}

function bodyOf(row: AgentCredentialRow, usedBy: readonly string[]): CredentialBody {
  return {
    name: row.name,
    kind: row.kind as CredentialKind,
    environment: row.environment,
    fingerprint: row.fingerprint,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    rotated_at: row.rotatedAt?.toISOString() ?? null,
    used_by: [...usedBy],
  };
}

/** The kind's fields alone: what is sealed and fingerprinted (the name and environment are the row's). */
function credentialValueOf(body: CreateCredentialBody | RotateCredentialBody): CredentialValue {
  const { environment: _environment, ...rest } = body;
  const { name: _name, ...value } = rest as typeof rest & { name?: string };
  return value as CredentialValue;
}

/** production, or an environment the agent has: a binding for a misspelt one would never be used. */
async function assertEnvironment(db: DbOrTx, agent: AgentRow, environment: string | null): Promise<void> {
  if (environment === null || environment === PRODUCTION) return;
  if (await getEnvironment(db, agent.id, environment)) return;
  throw new AppError("VALIDATION", `The agent has no environment "${environment}".`, [
    { path: "environment", message: `No environment "${environment}"; create it on the Environments page first` },
  ]);
}

function ledgerPayload(agent: AgentRow, row: AgentCredentialRow) {
  return {
    agent_id: agent.id,
    agent_key: agent.key,
    name: row.name,
    kind: row.kind,
    environment: row.environment,
    fingerprint: row.fingerprint,
  };
}

export async function listCredentials(db: DbOrTx, agent: AgentRow): Promise<CredentialBody[]> {
  const [rows, bundle] = await Promise.all([listAgentCredentials(db, agent.id), readAgentBundle(db, agent)]);
  const users = toolsByCredential(bundle);
  return rows.map((row) => bodyOf(row, users.get(row.name) ?? []));
}

export async function getCredential(
  db: DbOrTx,
  agent: AgentRow,
  name: string,
  environment: string | null,
): Promise<CredentialBody> {
  const row = await credentialBinding(db, agent.id, name, environment);
  if (!row) throw notFound(name, environment);
  const users = toolsByCredential(await readAgentBundle(db, agent));
  return bodyOf(row, users.get(name) ?? []);
}

function notFound(name: string, environment: string | null): AppError {
  const where = environment === null ? "as the agent's default" : `in environment "${environment}"`;
  return new AppError("NOT_FOUND", `No credential "${name}" ${where}.`);
}

export async function createCredential(
  db: Database,
  agent: AgentRow,
  body: CreateCredentialBody,
  context: Context,
): Promise<CredentialBody> {
  const environment = body.environment ?? null;
  await assertEnvironment(db, agent, environment);
  const value = credentialValueOf(body);
  const id = randomUUID();
  // Sealed before the transaction: the key may be read or made (PGlite's key file, the auth secret).
  const [sealed, fingerprint] = await Promise.all([sealCredential(db, id, value), fingerprintOf(db, value)]);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertCredential(tx, {
        id,
        agentId: agent.id,
        name: body.name,
        environment,
        kind: value.kind,
        sealed,
        fingerprint,
        createdBy: context.actor.name,
      });
      await ledger(tx, "CREDENTIAL_CREATED", agent, row, context);
      return bodyOf(row, toolsByCredential(await readAgentBundle(tx, agent)).get(row.name) ?? []);
    });
  } catch (error) {
    if (!(error instanceof CredentialExistsError)) throw error;
    const where = environment === null ? "as the agent's default" : `in environment "${environment}"`;
    throw new AppError("CONFLICT", `A credential "${body.name}" already exists ${where}: rotate it with PUT.`);
  }
}

export async function rotateCredential(
  db: Database,
  agent: AgentRow,
  name: string,
  body: RotateCredentialBody,
  context: Context,
): Promise<CredentialBody> {
  const environment = body.environment ?? null;
  const value = credentialValueOf(body);
  const found = await credentialBinding(db, agent.id, name, environment);
  if (!found) throw notFound(name, environment);
  const [sealed, fingerprint] = await Promise.all([sealCredential(db, found.id, value), fingerprintOf(db, value)]);
  return db.transaction(async (tx) => {
    const locked = await credentialBinding(tx, agent.id, name, environment, true);
    if (!locked || locked.id !== found.id) throw notFound(name, environment);
    const row = await rotateCredentialRow(tx, locked.id, { kind: value.kind, sealed, fingerprint });
    await ledger(tx, "CREDENTIAL_ROTATED", agent, row, context);
    return bodyOf(row, toolsByCredential(await readAgentBundle(tx, agent)).get(name) ?? []);
  });
}

/**
 * Deletes one binding. Refused (409 IN_USE, naming the tools) when tools name the credential and the
 * binding is the agent's default, or the name's only binding: their calls would have no value left.
 */
export async function deleteCredential(
  db: Database,
  agent: AgentRow,
  name: string,
  environment: string | null,
  context: Context,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await credentialBinding(tx, agent.id, name, environment, true);
    if (!row) throw notFound(name, environment);
    const users = toolsByCredential(await readAgentBundle(tx, agent)).get(name) ?? [];
    const bindings = (await listAgentCredentials(tx, agent.id)).filter((other) => other.name === name);
    if (users.length > 0 && (environment === null || bindings.length === 1)) {
      const tools = users.map((key) => `"${key}"`).join(", ");
      throw new AppError(
        "IN_USE",
        `Credential "${name}" is used by ${plural(users.length, "tool")} (${tools}): point them at another credential first. Nothing was deleted.`,
        undefined,
        { references: users.map((key) => ({ kind: "tool", key, field: "output.credential" })) },
      );
    }
    await deleteCredentialRow(tx, row.id);
    await ledger(tx, "CREDENTIAL_DELETED", agent, row, context);
  });
}

function ledger(
  tx: Transaction,
  type: "CREDENTIAL_CREATED" | "CREDENTIAL_ROTATED" | "CREDENTIAL_DELETED",
  agent: AgentRow,
  row: AgentCredentialRow,
  context: Context,
) {
  return appendLedgerEvent(tx, {
    type,
    actor: context.actor,
    requestId: context.requestId,
    payload: ledgerPayload(agent, row),
  });
}

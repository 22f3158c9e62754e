import "server-only";
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { agentCredentials } from "../schema";
import type { AgentCredentialRow, DbOrTx, Transaction } from "../types";

// An agent's tool credentials (db/schema/credentials.ts). `environment` null is the agent's default
// binding of a name; an environment's own binding of the same name wins in that environment.

const bindingOf = (environment: string | null) =>
  environment === null ? isNull(agentCredentials.environment) : eq(agentCredentials.environment, environment);

/** Every binding of the agent, by name then environment (the default first). */
export function listAgentCredentials(db: DbOrTx, agentId: string): Promise<AgentCredentialRow[]> {
  return db
    .select()
    .from(agentCredentials)
    .where(eq(agentCredentials.agentId, agentId))
    .orderBy(asc(agentCredentials.name), sql`${agentCredentials.environment} asc nulls first`);
}

/** One binding: the name in this environment exactly (null: the default), locked for update in a transaction when asked. */
export async function credentialBinding(
  db: DbOrTx,
  agentId: string,
  name: string,
  environment: string | null,
  lock = false,
): Promise<AgentCredentialRow | null> {
  const query = db
    .select()
    .from(agentCredentials)
    .where(and(eq(agentCredentials.agentId, agentId), eq(agentCredentials.name, name), bindingOf(environment)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The binding a turn in `environment` uses: the environment's own, else the agent's default. */
export async function credentialForTurn(
  db: DbOrTx,
  agentId: string,
  name: string,
  environment: string | null,
): Promise<AgentCredentialRow | null> {
  const rows = await db
    .select()
    .from(agentCredentials)
    .where(
      and(
        eq(agentCredentials.agentId, agentId),
        eq(agentCredentials.name, name),
        environment === null
          ? isNull(agentCredentials.environment)
          : or(isNull(agentCredentials.environment), eq(agentCredentials.environment, environment)),
      ),
    );
  return rows.find((row) => row.environment !== null) ?? rows[0] ?? null;
}

/** The credential row by id, locked for update (an OAuth token refresh: one instance at a time). */
export async function lockCredentialRow(tx: Transaction, id: string): Promise<AgentCredentialRow | null> {
  const [row] = await tx.select().from(agentCredentials).where(eq(agentCredentials.id, id)).for("update");
  return row ?? null;
}

export async function insertCredential(
  tx: Transaction,
  row: Pick<
    AgentCredentialRow,
    "id" | "agentId" | "name" | "environment" | "kind" | "sealed" | "fingerprint" | "createdBy"
  >,
): Promise<AgentCredentialRow> {
  const [written] = await tx.insert(agentCredentials).values(row).onConflictDoNothing().returning();
  if (!written) throw new CredentialExistsError();
  return written;
}

/** A binding with the same agent, name and environment already exists. */
export class CredentialExistsError extends Error {
  constructor() {
    super("credential binding exists");
  }
}

/** A new value for the binding (a rotation): the cached OAuth token goes with the old value. */
export async function rotateCredentialRow(
  tx: Transaction,
  id: string,
  change: Pick<AgentCredentialRow, "kind" | "sealed" | "fingerprint">,
): Promise<AgentCredentialRow> {
  const [written] = await tx
    .update(agentCredentials)
    .set({ ...change, rotatedAt: sql`now()`, tokenSealed: null, tokenExpiresAt: null })
    .where(eq(agentCredentials.id, id))
    .returning();
  if (!written) throw new Error("credential vanished under its lock");
  return written;
}

export async function deleteCredentialRow(tx: Transaction, id: string): Promise<void> {
  await tx.delete(agentCredentials).where(eq(agentCredentials.id, id));
}

/** Keeps a freshly fetched OAuth access token (sealed) until `expiresAt`. */
export async function storeCredentialToken(
  tx: Transaction,
  id: string,
  token: { sealed: string; expiresAt: Date },
): Promise<void> {
  await tx
    .update(agentCredentials)
    .set({ tokenSealed: token.sealed, tokenExpiresAt: token.expiresAt })
    .where(eq(agentCredentials.id, id));
}

/** The names the agent has a binding of (any environment), sorted: what a tool may name. */
export async function credentialNamesOf(db: DbOrTx, agentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: agentCredentials.name })
    .from(agentCredentials)
    .where(eq(agentCredentials.agentId, agentId))
    .orderBy(asc(agentCredentials.name));
  return rows.map((row) => row.name);
}

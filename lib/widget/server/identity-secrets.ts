import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { customerIdentitySecretOf, replaceCustomerIdentitySecret } from "@/db/queries/customer-identity-secrets";
import type { AgentRow, Database, DbOrTx } from "@/db/types";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { CreatedIdentitySecretBody, IdentitySecretStatusBody } from "../identity-secret-schemas";
import { sealIdentitySecret } from "./identity-secret-seal";

// An agent's customer identity secret (docs/widget.md#identified-customers): the company's server signs
// its customers' identity tokens with it. Creating and rotating are the same act; the secret is shown
// in that one answer and the ledger records only that it was set, never the secret.

const SECRET_PREFIX = "cis_";

/** A new secret for the agent, replacing any it had (tokens signed with the old one stop working at once). */
export async function rotateIdentitySecret(
  db: Database,
  agent: AgentRow,
  context: { actor: Actor; requestId: string },
): Promise<z.input<typeof CreatedIdentitySecretBody>> {
  // 256 bits, as many as the HMAC-SHA256 it keys.
  const secret = SECRET_PREFIX + randomBytes(32).toString("base64url");
  const sealed = await sealIdentitySecret(db, agent.id, secret);
  const written = await db.transaction(async (tx) => {
    const result = await replaceCustomerIdentitySecret(tx, {
      agentId: agent.id,
      sealed,
      createdBy: context.actor.name,
    });
    await appendLedgerEvent(tx, {
      type: result.rotated ? "CUSTOMER_IDENTITY_SECRET_ROTATED" : "CUSTOMER_IDENTITY_SECRET_CREATED",
      actor: context.actor,
      requestId: context.requestId,
      payload: { agent_id: agent.id, agent_key: agent.key },
    });
    return result;
  });
  return {
    secret,
    rotated: written.rotated,
    created_by: context.actor.name,
    created_at: written.createdAt.toISOString(),
  };
}

/** Whether the agent has a secret, and who set it when; never the secret. */
export async function identitySecretStatus(
  db: DbOrTx,
  agent: AgentRow,
): Promise<z.input<typeof IdentitySecretStatusBody>> {
  const row = await customerIdentitySecretOf(db, agent.id);
  return row
    ? { set: true, created_by: row.createdBy, created_at: row.createdAt.toISOString() }
    : { set: false, created_by: null, created_at: null };
}

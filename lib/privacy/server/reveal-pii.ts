import "server-only";
import type { Database } from "@/db/types";
import type { RevealPiiResponse } from "@/lib/privacy/pii-reveal-schemas";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { openSessionVault } from "./session-vault";

interface RevealInput {
  sessionId: string;
  placeholder: string;
  actor: Actor;
  requestId: string;
}

// Why a reveal gave nothing, as the ledger records it: probing placeholders or sessions is on the
// record as much as a reveal is.
type FailedReveal = "no_session" | "no_value" | "vault_error";

async function ledgerFailedReveal(db: Database, input: RevealInput, reason: FailedReveal, agentId: string | null) {
  await db.transaction((tx) =>
    appendLedgerEvent(tx, {
      type: "PII_REVEAL_FAILED",
      actor: input.actor,
      agentId,
      requestId: input.requestId,
      payload: { session_id: input.sessionId, placeholder: input.placeholder, reason },
    }),
  );
}

/**
 * The real value behind one placeholder of a session (docs/privacy.md#reveal), for an admin. The reveal
 * is ledgered first (PII_REVEALED: who, which session, which placeholder; never the value): a value is
 * only handed out once its reveal is on the record. A reveal that finds nothing — no such session, no
 * value the vault can read, a vault that fails — is ledgered too (PII_REVEAL_FAILED with the reason),
 * then answered as before (404, or the vault's error).
 */
export async function revealPii(db: Database, input: RevealInput): Promise<RevealPiiResponse> {
  let agentId: string | null = null;
  let value: string | undefined;
  try {
    const { agent } = await sessionOr404(db, input.sessionId);
    agentId = agent.id;
    const vault = await openSessionVault(db, input.sessionId);
    value = vault.realValueOf(input.placeholder);
  } catch (error) {
    const reason = agentId === null && error instanceof AppError ? "no_session" : "vault_error";
    await ledgerFailedReveal(db, input, reason, agentId);
    throw error;
  }
  if (value === undefined) {
    await ledgerFailedReveal(db, input, "no_value", agentId);
    throw new AppError(
      "NOT_FOUND",
      `No value the vault can read behind ${input.placeholder} in this session (never kept, deleted, or the key cannot open it).`,
    );
  }
  await db.transaction((tx) =>
    appendLedgerEvent(tx, {
      type: "PII_REVEALED",
      actor: input.actor,
      agentId,
      requestId: input.requestId,
      payload: { session_id: input.sessionId, placeholder: input.placeholder },
    }),
  );
  return { placeholder: input.placeholder, value };
}

import "server-only";
import type { Database } from "@/db/types";
import type { RevealPiiResponse } from "@/lib/privacy/pii-reveal-schemas";
import { sessionOr404 } from "../access/agent-lookup";
import { AppError } from "../errors";
import { appendLedgerEvent } from "../ledger/append-ledger-event";
import type { Actor } from "../ledger/event-types";
import { openSessionVault } from "./session-vault";

/**
 * The real value behind one placeholder of a session (docs/privacy.md#reveal), for an admin. The reveal
 * is ledgered first (PII_REVEALED: who, which session, which placeholder; never the value): a value is
 * only handed out once its reveal is on the record.
 */
export async function revealPii(
  db: Database,
  input: { sessionId: string; placeholder: string; actor: Actor; requestId: string },
): Promise<RevealPiiResponse> {
  const { agent } = await sessionOr404(db, input.sessionId);
  const vault = await openSessionVault(db, input.sessionId);
  const value = vault.realValueOf(input.placeholder);
  if (value === undefined) {
    throw new AppError(
      "NOT_FOUND",
      `No value the vault can read behind ${input.placeholder} in this session (never kept, deleted, or the key cannot open it).`,
    );
  }
  await db.transaction((tx) =>
    appendLedgerEvent(tx, {
      type: "PII_REVEALED",
      actor: input.actor,
      agentId: agent.id,
      requestId: input.requestId,
      payload: { session_id: input.sessionId, placeholder: input.placeholder },
    }),
  );
  return { placeholder: input.placeholder, value };
}

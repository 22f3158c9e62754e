import "server-only";
import type { DbOrTx } from "@/db/types";
import { openSessionVault } from "./session-vault";

/**
 * A stored turn answer (an idempotent replay's body) as the customer is sent it: its `response` with
 * the placeholders restored from the session's vault. Anything else is returned as it is.
 */
export async function restoredForCustomer(db: DbOrTx, sessionId: string, body: unknown): Promise<unknown> {
  if (body === null || typeof body !== "object" || !("response" in body) || typeof body.response !== "string") {
    return body;
  }
  const vault = await openSessionVault(db, sessionId);
  return { ...body, response: vault.restore(body.response) };
}

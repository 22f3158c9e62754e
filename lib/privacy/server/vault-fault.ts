import "server-only";
import { loggableError } from "@/lib/server/loggable-error";

/** Why the vault could not do its part; the turn goes on with placeholders left in place. */
type VaultFaultCode = "PII_VAULT_KEY_MISSING" | "PII_VAULT_KEY_UNREADABLE" | "PII_VAULT_UNREADABLE";

class VaultFault extends Error {
  constructor(
    readonly code: VaultFaultCode,
    message: string,
  ) {
    super(message);
    this.name = "VaultFault";
  }
}

/** Logs the fault by its code and the session id: never a value, never ciphertext. */
export function logVaultFault(code: VaultFaultCode, sessionId: string, cause?: unknown): void {
  const fault = new VaultFault(code, `PII vault of session ${sessionId}: ${code}`);
  if (cause !== undefined) fault.cause = cause;
  console.error(`[privacy] session ${sessionId}: placeholders left in place`, loggableError(fault));
}

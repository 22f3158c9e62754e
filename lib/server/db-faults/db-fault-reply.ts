import { classifyDbError, dbFaultCode } from "@/db/transient-error";

// What a request that met a transient database fault answers: 503 with Retry-After: 1 (a terminated
// backend is replaced within milliseconds; a restarting server takes seconds, and the client's backoff
// covers that), and a code saying which kind, so a client knows to send the same request again.

export const RETRY_AFTER_SECONDS = 1;

export interface DbFaultReply {
  code: "DB_UNAVAILABLE" | "RETRY";
  /** SQLSTATE or driver code, for the log line. */
  cause: string;
  message: string;
}

const MESSAGES: Record<DbFaultReply["code"], string> = {
  DB_UNAVAILABLE:
    "The database is briefly unavailable. Send the same request again in a second (a turn with the same Idempotency-Key runs at most once).",
  RETRY:
    "The database refused this request to keep a concurrent one consistent. Send the same request again in a second.",
};

/** The reply for a transient database error, or null for any other error. */
export function dbFaultReply(error: unknown): DbFaultReply | null {
  const kind = classifyDbError(error);
  if (!kind) return null;
  const code = kind === "retry" ? "RETRY" : "DB_UNAVAILABLE";
  return { code, cause: dbFaultCode(error), message: MESSAGES[code] };
}

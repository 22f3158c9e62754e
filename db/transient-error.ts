// Which database errors are transient: the same request, sent again a second later, would likely
// succeed. Two kinds, answered 503 with Retry-After (docs/operations.md):
// - "unavailable" (DB_UNAVAILABLE): the connection is gone or cannot be made (SQLSTATE class 08,
//   57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, the driver's own
//   connection-closed codes, refused or reset sockets, no pool connection within the acquire timeout,
//   an embedded PGlite already closed);
// - "retry" (RETRY): the server refused this transaction to keep others consistent (40001
//   serialization_failure, 40P01 deadlock_detected); running it again is the documented remedy.
// Anything else (a constraint violation, a syntax error, a bug) is not transient and stays a 4xx/500.

export type TransientDbFault = "unavailable" | "retry";

const RETRY_STATES = new Set(["40001", "40P01"]);
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03"]);
// postgres-js connection codes, Node socket codes, and the pool gate's own timeout (./pool-gate.ts).
const UNAVAILABLE_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "DB_ACQUIRE_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// PGlite has no socket to lose; the one way it stops answering while Focal runs is being closed (shutdown).
const UNAVAILABLE_MESSAGES = [/^PGlite is closed/, /^Connection terminated( unexpectedly)?$/];
// Drizzle wraps the driver's error in `cause`; pg-boss and AggregateErrors nest once more at most.
const MAX_DEPTH = 4;

/** The transient kind of a database error (looking through `cause`), or null when it is not transient. */
export function classifyDbError(error: unknown): TransientDbFault | null {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_DEPTH && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (RETRY_STATES.has(code)) return "retry";
      if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_CODES.has(code)) {
        return "unavailable";
      }
    }
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ""))) {
      return "unavailable";
    }
    const nested = current instanceof AggregateError ? current.errors[0] : undefined;
    current = current.cause ?? nested;
  }
  return null;
}

/** The SQLSTATE or driver code of a transient error (for one log line), looking through `cause`. */
export function dbFaultCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_DEPTH && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.length <= 32) return code;
    current = current.cause;
  }
  return "no code";
}

import { z } from "zod";
import type { ConfigReference } from "@/lib/bundles/config-references";
import { formatIssuePath } from "@/lib/engine/contracts/bundle-issue";

const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A delete refused while rules, scenario steps or conversation tests still refer to the entity (`references`). */
  IN_USE: 409,
  /** A save the conversation-test gate refused: it turns passing cases red. */
  TESTS_GATE: 409,
  /** The thing asked about has lapsed (an approval past its expiry): nothing was written. */
  GONE: 410,
  /** The `If-Match` version is not the agent's config_version any more: nothing was written. */
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  /** An MCP server lists more tools (or a longer list) than a sync takes: nothing was written. */
  MCP_TOO_MANY_TOOLS: 422,
  /** A url source's sitemap lists more pages than a source reads (docs/knowledge.md#url-sources): nothing was written. */
  SITEMAP_TOO_LARGE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An MCP server (docs/tools.md#mcp-servers) did not answer in time: nothing was written. */
  MCP_TIMEOUT: 502,
  /** An MCP server answered, but not as an MCP server (not JSON-RPC, an HTTP error): nothing was written. */
  MCP_PROTOCOL: 502,
  /** An MCP server could not be reached (connection refused, reset): nothing was written. */
  MCP_UNREACHABLE: 502,
  UNAVAILABLE: 503,
  /** The database connection is gone or cannot be had in time: send the same request again (Retry-After). */
  DB_UNAVAILABLE: 503,
  /** A serialization failure or deadlock outlasted the in-process retries: send the same request again. */
  RETRY: 503,
  /** A goal's ledger event could not be written, so nothing was applied (docs/goals.md#ledger-before-execution). */
  "DTL-STRAT-011": 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetails {
  /** The agent's configuration version now (a stale If-Match). */
  config_version?: number;
  references?: ConfigReference[];
}

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error type that crosses layers: 4xx messages are shown; a 503 is answered with its code and
 * message (the request was fine, a retry may succeed) and logged with its cause; other 5xx are logged
 * with a request id.
 */
export class AppError extends Error {
  readonly httpStatus: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    /** More fields of the REST error body beside `error` (`config_version`, `references`). */
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = "AppError";
    this.httpStatus = ERROR_STATUS[code];
  }
}

/** 429 with a `Retry-After` header (seconds) on REST. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("RATE_LIMITED", message);
  }
}

/**
 * 503 with a `Retry-After` header (seconds) on REST: the instance is at a limit of its own, not the
 * caller's (conversions of uploaded files running at once), so the same request later may pass.
 */
export class BusyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("UNAVAILABLE", message);
  }
}

/** zod issues → one entry per JSON path ("rules[2].scope_ref"), the shape REST and bundles return. */
export function issuesFromZod(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
}

/** zod issues → form field errors keyed by top-level field, for useActionState forms. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}

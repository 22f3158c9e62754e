import { z } from "zod";

const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A save the conversation-test gate refused: it turns passing cases red. */
  TESTS_GATE: 409,
  /** The thing asked about has lapsed (an approval past its expiry): nothing was written. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The database connection is gone or cannot be had in time: send the same request again (Retry-After). */
  DB_UNAVAILABLE: 503,
  /** A serialization failure or deadlock outlasted the in-process retries: send the same request again. */
  RETRY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldIssue {
  path: string;
  message: string;
}

/** The one error type that crosses layers: 4xx messages are shown, 5xx are logged with a request id. */
export class AppError extends Error {
  readonly httpStatus: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
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

/** zod issues → one entry per JSON path ("rules[2].scope_ref"), the shape REST and bundles return. */
export function issuesFromZod(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(root)";
}

/** zod issues → form field errors keyed by top-level field, for useActionState forms. */
export function fieldErrorsFromZod(error: z.ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}

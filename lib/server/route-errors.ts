import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import type { ErrorBody } from "@/lib/openapi/error-body";
import { dbFaultReply, RETRY_AFTER_SECONDS } from "./db-faults/db-fault-reply";
import { AppError, BusyError, type FieldIssue, RateLimitedError } from "./errors";
import { loggableError } from "./loggable-error";
import type { ErrorReply } from "./route-config";

// The routes' error answers: the shared error body (lib/openapi/error-body.ts) built by `defineRoute` for
// what it refuses, and by a route for what it refuses itself; and the answer to whatever a handler throws.

export function errorResponse(
  status: number,
  code: string,
  message: string,
  requestId: string,
  errors?: FieldIssue[],
): ErrorReply {
  return NextResponse.json(
    { error: { code, message, request_id: requestId }, ...(errors ? { errors } : {}) },
    { status, headers: { "x-request-id": requestId } },
  ) as ErrorReply;
}

/**
 * The status, body and headers a thrown error answers with: an AppError below 500, at 502 or 503 as itself; a
 * transient database fault as 503 DB_UNAVAILABLE or RETRY with Retry-After (one log line, no stack:
 * an outage is not a bug); anything else logged (ids only) and answered as 500 INTERNAL. The turn
 * stream sends the same body as its error event.
 */
export function errorBodyOf(
  error: unknown,
  request: Request,
  requestId: string,
): { status: number; body: z.input<typeof ErrorBody>; headers: Record<string, string> } {
  const headers: Record<string, string> = { "x-request-id": requestId };
  if (error instanceof RateLimitedError || error instanceof BusyError)
    headers["retry-after"] = String(error.retryAfterSeconds);
  const where = `[route ${request.method} ${new URL(request.url).pathname}] request ${requestId}`;
  // A 503 of our own (a goal's ledger abort): the request was fine and nothing was applied. A busy
  // instance is not a fault: its answer says when to come back, and it logs nothing.
  if (error instanceof AppError && error.httpStatus === 503 && !(error instanceof BusyError))
    console.error(`${where}: ${error.message}`, loggableError(error.cause));
  // 502: an upstream the request named (an MCP server) failed; its message says what to do.
  if (error instanceof AppError && (error.httpStatus < 500 || error.httpStatus === 502 || error.httpStatus === 503)) {
    return {
      status: error.httpStatus,
      body: {
        error: { code: error.code, message: error.message, request_id: requestId },
        ...(error.issues ? { errors: error.issues } : {}),
        ...error.details,
      },
      headers,
    };
  }
  const fault = dbFaultReply(error);
  if (fault) {
    console.warn(`${where}: database fault ${fault.cause}, answered 503 ${fault.code}`);
    return {
      status: 503,
      body: { error: { code: fault.code, message: fault.message, request_id: requestId } },
      headers: { ...headers, "retry-after": String(RETRY_AFTER_SECONDS) },
    };
  }
  console.error(where, loggableError(error));
  return {
    status: 500,
    body: { error: { code: "INTERNAL", message: `Internal error (request ${requestId}).`, request_id: requestId } },
    headers,
  };
}

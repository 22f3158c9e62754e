import { describe, expect, it } from "vitest";
import { classifyDbError, dbFaultCode } from "./transient-error";

/** An error the way postgres-js, pg and Node raise them: a message and a `code`. */
function coded(code: string, message = "boom"): Error {
  return Object.assign(new Error(message), { code });
}

/** Drizzle's wrapper: "Failed query: …" with the driver's error as its cause. */
function wrapped(cause: unknown): Error {
  return new Error("Failed query: select 1\nparams: ", { cause });
}

describe("classifyDbError", () => {
  it.each([
    ["57P01", "unavailable"],
    ["57P02", "unavailable"],
    ["57P03", "unavailable"],
    ["08006", "unavailable"],
    ["08001", "unavailable"],
    ["08P01", "unavailable"],
    ["CONNECTION_CLOSED", "unavailable"],
    ["CONNECTION_ENDED", "unavailable"],
    ["CONNECT_TIMEOUT", "unavailable"],
    ["ECONNREFUSED", "unavailable"],
    ["ECONNRESET", "unavailable"],
    ["DB_ACQUIRE_TIMEOUT", "unavailable"],
    ["40001", "retry"],
    ["40P01", "retry"],
  ])("%s is transient (%s), also inside drizzle's wrapper", (code, kind) => {
    expect(classifyDbError(coded(code))).toBe(kind);
    expect(classifyDbError(wrapped(coded(code)))).toBe(kind);
  });

  it.each([
    ["23505", "unique violation"],
    ["22P02", "bad uuid text"],
    ["42P01", "missing table"],
    ["57014", "statement cancelled"],
    ["40002", "integrity constraint in a transaction"],
    ["VALIDATION", "an app error code"],
  ])("%s (%s) is not transient", (code) => {
    expect(classifyDbError(coded(code))).toBeNull();
    expect(classifyDbError(wrapped(coded(code)))).toBeNull();
  });

  it("knows the embedded PGlite closed under it and pg's lost connection (pg-boss) without a code", () => {
    expect(classifyDbError(new Error("PGlite is closed"))).toBe("unavailable");
    expect(classifyDbError(new Error("Connection terminated unexpectedly"))).toBe("unavailable");
  });

  it("a plain bug, a string or nothing is not transient", () => {
    expect(classifyDbError(new TypeError("x is undefined"))).toBeNull();
    expect(classifyDbError("57P01")).toBeNull();
    expect(classifyDbError(undefined)).toBeNull();
  });

  it("reads the code a log line names through the wrapper", () => {
    expect(dbFaultCode(wrapped(coded("57P01")))).toBe("57P01");
    expect(dbFaultCode(new Error("no code here"))).toBe("no code");
  });
});

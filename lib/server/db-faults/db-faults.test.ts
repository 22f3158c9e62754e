import { describe, expect, it } from "vitest";
import { dbFaultReply } from "./db-fault-reply";
import { outageLog } from "./outage-log";
import { retryOnConflict } from "./retry-on-conflict";

/** An error the way postgres-js, pg and Node raise them: a message and a `code`. */
function coded(code: string, message = "boom"): Error {
  return Object.assign(new Error(message), { code });
}

/** Drizzle's wrapper: "Failed query: …" with the driver's error as its cause. */
function wrapped(cause: unknown): Error {
  return new Error("Failed query: select 1\nparams: ", { cause });
}

describe("dbFaultReply", () => {
  it("answers a lost connection with DB_UNAVAILABLE and a conflict with RETRY", () => {
    expect(dbFaultReply(wrapped(coded("57P01")))).toMatchObject({ code: "DB_UNAVAILABLE", cause: "57P01" });
    expect(dbFaultReply(coded("40P01"))).toMatchObject({ code: "RETRY", cause: "40P01" });
    expect(dbFaultReply(coded("23505"))).toBeNull();
  });
});

describe("retryOnConflict", () => {
  it("runs a transaction again after a serialization failure, and returns its result", async () => {
    let calls = 0;
    const result = await retryOnConflict(
      async () => {
        calls++;
        if (calls < 3) throw wrapped(coded("40001"));
        return "committed";
      },
      { random: () => 0 },
    );
    expect(result).toBe("committed");
    expect(calls).toBe(3);
  });

  it("gives up after the bounded retries with the conflict itself", async () => {
    let calls = 0;
    const failing = retryOnConflict(
      async () => {
        calls++;
        throw coded("40P01");
      },
      { retries: 2, random: () => 0 },
    );
    await expect(failing).rejects.toMatchObject({ code: "40P01" });
    expect(calls).toBe(3);
  });

  it("never retries a lost connection or a bug (the commit may have landed, or it would fail again)", async () => {
    for (const error of [coded("57P01"), coded("23505")]) {
      let calls = 0;
      await expect(
        retryOnConflict(async () => {
          calls++;
          throw error;
        }),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });
});

describe("outageLog", () => {
  it("writes one line when an outage starts, with the SQLSTATE, and one when it ends", () => {
    const lines: string[] = [];
    const log = outageLog("jobs", (line) => lines.push(line));
    for (let i = 0; i < 5; i++) log.failed(coded("57P01", "terminating connection due to administrator command"));
    expect(log.down).toBe(true);
    log.succeeded();
    log.succeeded();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("57P01");
    expect(lines[0]).not.toContain("\n");
    expect(lines[1]).toMatch(/database back after \d+\.\d s/);
  });
});

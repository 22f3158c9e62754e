import { describe, expect, it } from "vitest";
import { isPostgresTimestamp } from "./postgres-timestamp";

describe("isPostgresTimestamp", () => {
  it("accepts what PostgreSQL prints", () => {
    for (const text of ["2026-01-02 03:04:05.678901+00", "2024-02-29 23:59:59+05:30", "2026-11-27 11:00:00-08"]) {
      expect(isPostgresTimestamp(text), text).toBe(true);
    }
  });

  it("refuses instants that do not exist, which PostgreSQL would refuse in the query", () => {
    for (const text of [
      "2026-02-31 00:00:00+00",
      "2025-02-29 00:00:00+00",
      "2026-01-01 24:00:00+00",
      "2026-13-01 00:00:00+00",
      "2026-01-01 00:61:00+00",
      "0000-01-01 00:00:00+00",
      "2026-01-01 00:00:00+16",
    ]) {
      expect(isPostgresTimestamp(text), text).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { formatUsd } from "./usd";

describe("formatUsd", () => {
  it("reads a turn's fraction of a cent, dollars with cents, nothing and unknown", () => {
    expect(formatUsd(0.0032)).toBe("$0.0032");
    expect(formatUsd(0.000345)).toBe("$0.000345");
    expect(formatUsd(0.123456)).toBe("$0.1235");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(null)).toBe("unknown");
  });
});

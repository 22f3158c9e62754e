import { describe, expect, it } from "vitest";
import { enforceRerunLimits } from "./rerun-limits";

describe("enforceRerunLimits (rerun limits)", () => {
  it("allows reruns below the limit", () => {
    expect(enforceRerunLimits({ totalReruns: 2, maxReruns: 3, overrideMaxReruns: false, overrideBy: null })).toEqual({
      rerun_count: 2,
      max_reruns: 3,
      limit_reached: false,
      force_finalize: false,
      overridden: false,
      overridden_by: null,
    });
  });

  it("forces finalization once total reruns reach max_reruns", () => {
    const result = enforceRerunLimits({ totalReruns: 3, maxReruns: 3, overrideMaxReruns: false, overrideBy: null });
    expect(result.limit_reached).toBe(true);
    expect(result.force_finalize).toBe(true);
  });

  it("lets an override through and records who, only when the limit was reached", () => {
    expect(
      enforceRerunLimits({ totalReruns: 3, maxReruns: 3, overrideMaxReruns: true, overrideBy: "operator" }),
    ).toMatchObject({ limit_reached: true, force_finalize: false, overridden: true, overridden_by: "operator" });
    expect(
      enforceRerunLimits({ totalReruns: 1, maxReruns: 3, overrideMaxReruns: true, overrideBy: "operator" }),
    ).toMatchObject({ overridden: false, overridden_by: null });
  });

  it("with max_reruns 0 (enforcement.max_retries 0) never reruns", () => {
    expect(
      enforceRerunLimits({ totalReruns: 0, maxReruns: 0, overrideMaxReruns: false, overrideBy: null }),
    ).toMatchObject({ limit_reached: true, force_finalize: true });
  });
});

import { describe, expect, it } from "vitest";
import {
  familyRecords,
  familyRerunCount,
  familyRootOf,
  nextRerunId,
  previousLoopOf,
  rerunNumberOf,
  turnLoopId,
  upsertLoopRecord,
} from "./loop-family";
import { createLoopTraceItem } from "./loop-trace";

const T = "2025-04-21T19:45:00.000Z";
const rec = (loop_id: string, extra: Record<string, unknown> = {}) =>
  createLoopTraceItem({ loop_id, status: "completed", timestamp: T, ...extra });

describe("loop family ids", () => {
  it("reads the family root and rerun number off the id", () => {
    expect(familyRootOf("loop_001_r2")).toBe("loop_001");
    expect(familyRootOf("loop_001")).toBe("loop_001");
    expect(rerunNumberOf("loop_001_r2")).toBe(2);
    expect(rerunNumberOf("loop_001_r12")).toBe(12);
    expect(rerunNumberOf("loop_001")).toBe(0);
    // `_r0` and `_r01` are not rerun suffixes: nextRerunId never produces them.
    expect(rerunNumberOf("loop_r0")).toBe(0);
    expect(familyRootOf("loop_r01")).toBe("loop_r01");
  });

  it("issues {root}_r{n} and refuses a rerun id as root or a non-positive n", () => {
    expect(nextRerunId("loop_001", 1)).toBe("loop_001_r1");
    expect(() => nextRerunId("loop_001", 0)).toThrow(RangeError);
    expect(() => nextRerunId("loop_001", 1.5)).toThrow(RangeError);
    expect(() => nextRerunId("loop_001_r1", 2)).toThrow(/not a family root/);
  });

  it("names a turn's loop turn_<turnId>", () => {
    expect(turnLoopId("abc")).toBe("turn_abc");
    expect(familyRootOf(`${turnLoopId("abc")}_r1`)).toBe("turn_abc");
  });
});

describe("familyRerunCount", () => {
  it("counts the reruns issued across the family, the loop being completed included", () => {
    const family = [rec("loop_001", { rerun_count: 1 }), rec("loop_001_r1", { rerun_count: 1 })];
    expect(familyRerunCount("loop_001_r1", family)).toBe(1);
    expect(familyRerunCount("loop_001", [])).toBe(0);
    expect(familyRerunCount("loop_001_r2", [])).toBe(2);
  });

  it("takes the maximum so a storage gap never hands out an id twice", () => {
    const family = [rec("loop_001"), rec("loop_001_r3")];
    expect(familyRerunCount("loop_001", family)).toBe(3);
  });

  it("ignores other families", () => {
    const family = [rec("loop_002_r5"), rec("loop_0010_r4"), rec("loop_001")];
    expect(familyRerunCount("loop_001", family)).toBe(0);
    expect(familyRecords("loop_001_r1", family).map((r) => r.loop_id)).toEqual(["loop_001"]);
  });
});

describe("previousLoopOf", () => {
  const family = [rec("loop_001"), rec("loop_001_r1"), rec("loop_001_r2", { rerun_of: "loop_001" })];

  it("is null for an original loop", () => {
    expect(previousLoopOf("loop_001", null, family)).toBeNull();
  });

  it("is the root for _r1 and _r{n-1} otherwise", () => {
    expect(previousLoopOf("loop_001_r1", null, family)?.loop_id).toBe("loop_001");
    expect(previousLoopOf("loop_001_r2", null, family)?.loop_id).toBe("loop_001_r1");
  });

  it("follows the record's rerun_of when it has one", () => {
    const current = family[2] ?? null;
    expect(previousLoopOf("loop_001_r2", current, family)?.loop_id).toBe("loop_001");
  });

  it("is null when the previous loop was never stored", () => {
    expect(previousLoopOf("loop_001_r4", null, family)).toBeNull();
  });
});

describe("upsertLoopRecord", () => {
  it("replaces by loop_id or appends, without changing the input", () => {
    const family = [rec("loop_001"), rec("loop_001_r1")];
    const replaced = upsertLoopRecord(family, rec("loop_001", { rerun_count: 1 }));
    expect(replaced.map((r) => r.rerun_count)).toEqual([1, 0]);
    expect(family[0]?.rerun_count).toBe(0);
    expect(upsertLoopRecord(family, rec("loop_001_r2")).map((r) => r.loop_id)).toEqual([
      "loop_001",
      "loop_001_r1",
      "loop_001_r2",
    ]);
  });
});

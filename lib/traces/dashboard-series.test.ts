import { describe, expect, it } from "vitest";
import {
  dayKeys,
  intentHeatmap,
  modelCallBuckets,
  outcomeDays,
  parseDashboardDays,
  windowStart,
} from "./dashboard-series";

describe("dashboard series", () => {
  it("start a window at a UTC midnight with today as its last day", () => {
    const start = windowStart(new Date("2026-03-10T23:59:00Z"), 7);
    expect(start.toISOString()).toBe("2026-03-04T00:00:00.000Z");
    expect(dayKeys(start, 7)).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    expect(dayKeys(windowStart(new Date("2026-03-01T00:00:00Z"), 2), 2)).toEqual(["2026-02-28", "2026-03-01"]);
  });

  it("accept 7, 14 or 30 days and fall back to 14", () => {
    expect(parseDashboardDays("30")).toBe(30);
    expect(parseDashboardDays(["7", "30"])).toBe(7);
    expect(parseDashboardDays("365")).toBe(14);
    expect(parseDashboardDays(undefined)).toBe(14);
  });

  it("fill every day with every outcome, dropping rows outside the window", () => {
    const days = ["2026-03-09", "2026-03-10"];
    const shaped = outcomeDays(days, [
      { day: "2026-03-10", outcome: "answered", n: 3 },
      { day: "2026-03-10", outcome: "fallback", n: 1 },
      { day: "2026-03-01", outcome: "answered", n: 9 },
    ]);
    expect(shaped.map((d) => d.total)).toEqual([0, 4]);
    expect(shaped[1]?.counts).toMatchObject({ answered: 3, fallback: 1, error: 0 });
  });

  it("keep the busiest intents, sum the rest, and put unrouted turns last", () => {
    const days = ["2026-03-09", "2026-03-10"];
    const rows = [
      { intent: "refund", day: "2026-03-09", n: 5 },
      { intent: "refund", day: "2026-03-10", n: 2 },
      { intent: "price", day: "2026-03-10", n: 4 },
      { intent: "greeting", day: "2026-03-09", n: 1 },
      { intent: "shipping", day: "2026-03-10", n: 1 },
      { intent: null, day: "2026-03-10", n: 6 },
      { intent: "", day: "2026-03-09", n: 1 },
    ];
    const map = intentHeatmap(days, rows, 2);
    expect(map.rows.map((r) => [r.intent, r.kind, r.cells, r.total])).toEqual([
      ["refund", "intent", [5, 2], 7],
      ["price", "intent", [0, 4], 4],
      ["2 other intents", "other", [1, 1], 2],
      [null, "unrouted", [1, 6], 7],
    ]);
    expect(map.max).toBe(6);
  });

  it("bucket model calls 0 … cap with the cap meaning cap or more", () => {
    const buckets = modelCallBuckets(
      [
        { calls: 1, n: 10 },
        { calls: 3, n: 2 },
        { calls: 4, n: 1 },
      ],
      4,
    );
    expect(buckets.map((b) => [b.label, b.n])).toEqual([
      ["0", 0],
      ["1", 10],
      ["2", 0],
      ["3", 2],
      ["4+", 1],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { CaseTry } from "./run-case";
import type { CaseReport, SuiteReport } from "./run-suite";
import { compareSuiteReports } from "./suite-comparison";

const cases = [
  { key: "a", name: "Case A" },
  { key: "b", name: "Case B" },
  { key: "c", name: "Case C" },
];

function tryOf(error: string | null): CaseTry {
  return { passed: error === null, turns: [], conversation: [], failures: [], error };
}

function report(statuses: Record<string, CaseReport["status"]>): SuiteReport {
  return {
    cases: Object.entries(statuses).map(([key, status]) => ({
      key,
      status,
      detail: tryOf(status === "passed" ? null : `${key} failed`),
    })),
  } as unknown as SuiteReport;
}

describe("compareSuiteReports", () => {
  it("names the cases the draft turns red, with the draft's failures, and those it turns green", () => {
    const before = report({ a: "passed", b: "passed", c: "failed" });
    const after = report({ a: "passed", b: "failed", c: "passed" });
    const lines = (detail: CaseTry) => (detail.error ? [`worded: ${detail.error}`] : []);
    expect(compareSuiteReports(cases, before, after, lines)).toEqual({
      cases: 3,
      passing_before: 2,
      passing_after: 2,
      turned_red: [{ key: "b", name: "Case B", failures: ["worded: b failed"] }],
      turned_green: [{ key: "c", name: "Case C", failures: [] }],
    });
  });

  it("counts a flaky case as not passing, and a case the draft no longer reports as red without failures", () => {
    const before = report({ a: "passed", b: "passed" });
    const after = report({ a: "flaky" });
    const comparison = compareSuiteReports(cases.slice(0, 2), before, after, () => ["x"]);
    expect(comparison.turned_red).toEqual([
      { key: "a", name: "Case A", failures: ["x"] },
      { key: "b", name: "Case B", failures: [] },
    ]);
    expect(comparison).toMatchObject({ cases: 2, passing_before: 2, passing_after: 0, turned_green: [] });
  });
});

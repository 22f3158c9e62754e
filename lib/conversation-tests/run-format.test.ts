import { describe, expect, it } from "vitest";
import { modelCallsText, percent, runProgressText, runRequestText, runSummary } from "./run-format";

describe("run-format", () => {
  it("shows shares as whole percentages", () => {
    expect(percent(0.923)).toBe("92%");
    expect(percent(1)).toBe("100%");
  });

  it("reads a summary only when it has the numbers", () => {
    expect(runSummary({ summary: null })).toBeNull();
    expect(runSummary({ summary: { mode: "frozen" } })).toBeNull();
    const summary = { mode: "frozen", cases: 2, passed: 2, failed: 0, flaky: 0, pass_1: 1, pass_k: 1, k: 1 };
    expect(runSummary({ summary })).toEqual(summary);
  });

  it("says where a run is", () => {
    expect(runProgressText({ status: "queued", progress: { done: 0, total: 0 } })).toMatch(/Waiting/);
    expect(runProgressText({ status: "running", progress: { done: 2, total: 13 } })).toBe("Running case 3 of 13…");
  });

  it("describes what a run asked for", () => {
    expect(runRequestText({ mode: "live", k: 3, tries: 5, suite: "refunds", keys: null })).toBe(
      "live · k=3 · 5 tries · suite refunds",
    );
    expect(runRequestText({ mode: "frozen", k: 1, tries: 1, keys: ["france-75-refund"] })).toBe(
      "frozen · k=1 · case france-75-refund",
    );
  });
});

describe("modelCallsText", () => {
  it("says that a frozen or offline run's calls never reached a provider, and a live run's did", () => {
    expect(modelCallsText(53, "frozen")).toMatch(
      /^53 model calls, answered from the recordings.*none reached a provider$/,
    );
    expect(modelCallsText(1, "offline")).toBe("1 model call, answered by the offline model; none reached a provider");
    expect(modelCallsText(4, "live")).toBe("4 model calls, sent to the configured provider");
    expect(modelCallsText(0, "frozen")).toBe("No model call; none reached a provider");
  });
});

import { describe, expect, it } from "vitest";
import { testsGateText } from "./gate-text";

describe("testsGateText", () => {
  it("names the red cases, the mode and a forced save's reason", () => {
    expect(
      testsGateText(
        { mode: "block", cases: 14, turned_red: ["france-75-refund"], forced: true, reason: "limit changes" },
        "admin@focal.test",
      ),
    ).toBe("Test gate (block): 1 case turned red — france-75-refund; forced by admin@focal.test: limit changes");
  });

  it("says when every case still passes, and when warn let red cases through", () => {
    expect(testsGateText({ mode: "block", cases: 13, turned_red: [], forced: false }, "a")).toBe(
      "Test gate (block): all 13 cases still pass",
    );
    expect(testsGateText({ mode: "warn", cases: 2, turned_red: ["a", "b"], forced: false }, "a")).toBe(
      "Test gate (warn): 2 cases turned red — a, b; saved with a warning",
    );
  });
});

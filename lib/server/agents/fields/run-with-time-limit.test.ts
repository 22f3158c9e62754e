import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { ResponseVariable } from "@/lib/fields-editor/field-action-schemas";
import { testFieldValue } from "@/lib/fields-editor/field-value-tester";
import { testResponseVariable } from "@/lib/fields-editor/variable-tester";
import { AppError } from "@/lib/server/errors";
import { runWithTimeLimit } from "./run-with-time-limit";

describe("runWithTimeLimit", () => {
  it("returns what the work returns", () => {
    expect(runWithTimeLimit(() => 6 * 7, 1000, "slow")).toBe(42);
  });

  it("stops a catastrophic pattern in the pattern tester, and the process carries on", () => {
    const started = performance.now();
    const call = () =>
      runWithTimeLimit(
        () => testResponseVariable({ name: "x", type: "boolean", patterns: ["(a+)+b"] }, "a".repeat(40)),
        200,
        "too slow",
      );
    expect(call).toThrow(new AppError("VALIDATION", "too slow"));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(runWithTimeLimit(() => /(a+)+b/.test("aab"), 200, "slow")).toBe(true);
  });

  it("stops a catastrophic matches() in a validation rule", () => {
    const call = () =>
      runWithTimeLimit(() => testFieldValue("string", ['value.matches("^(a+)+b$")'], "a".repeat(40)), 200, "slow");
    expect(call).toThrow("slow");
  });

  it("leaves the demo's patterns far inside the limit on a 50,000-character reply", () => {
    const reply = "I'll process a $75 refund for you. Try QuickCart. ".repeat(1000).slice(0, 50_000);
    const started = performance.now();
    for (const variable of demo.variables) testResponseVariable(variable as ResponseVariable, reply);
    // About 120 ms here (2 cores), normalization and money parsing included; the action's limit is
    // 1,000 ms, so half of it still leaves a slower machine clear of the limit.
    expect(performance.now() - started).toBeLessThan(500);
  });
});

import { describe, expect, it } from "vitest";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { caseToForm, duplicateForm, errorsAt, formToCase, moved, newCaseForm, tagsOf } from "./case-form";

const recorded = BundleTestCase.parse({
  key: "france-refund",
  name: "France refund",
  tags: ["eu"],
  customer_profile: { country: "FR" },
  turns: [
    {
      message: "refund order 123",
      turn_id: "t1",
      tape: { version: 1 },
      assertions: [{ kind: "rule_fired", rule: "max-refund" }],
    },
  ],
  assertions: [{ kind: "never_falls_back" }],
});

describe("case-form", () => {
  it("round-trips a case, keeping recordings and turn ids", () => {
    const back = formToCase(caseToForm(recorded));
    expect(back.ok && BundleTestCase.parse(back.testCase)).toEqual(recorded);
  });

  it("refuses a profile that is not a JSON object", () => {
    expect(formToCase({ ...newCaseForm(), profile: "{" })).toMatchObject({ ok: false });
    expect(formToCase({ ...newCaseForm(), profile: "[1]" })).toEqual({
      ok: false,
      fieldErrors: { customer_profile: [expect.stringMatching(/JSON object/)] },
    });
  });

  it("splits tags on commas and spaces", () => {
    expect(tagsOf("eu, refunds  smoke,eu")).toEqual(["eu", "refunds", "smoke"]);
  });

  it("duplicates under a new key", () => {
    expect(duplicateForm(recorded)).toMatchObject({ key: "france-refund-copy", name: "France refund (copy)" });
  });

  it("finds the server's errors at a place and inside it", () => {
    const errors = {
      "turns[0].assertions[1].rule": ["unknown rule"],
      "turns[0].assertions[1]": ["bad"],
      key: ["taken"],
    };
    expect(errorsAt(errors, "turns[0].assertions[1]")).toEqual(["rule: unknown rule", "bad"]);
    expect(errorsAt(errors, "turns[0].assertions[10]")).toEqual([]);
    expect(errorsAt(errors, "key")).toEqual(["taken"]);
  });

  it("moves a turn up or down and ignores moves off the ends", () => {
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});

import { describe, expect, it } from "vitest";
import { checkName, checkResultWord } from "./check-words";

describe("check words", () => {
  it("reads a lane-keyed check as the rule and how it was checked", () => {
    expect(`${checkName("1:max-refund")} ${checkResultWord("passed")}`).toBe("max-refund, by its expression passed");
    expect(checkName("2:be-polite")).toBe("be-polite, by the judge");
    expect(checkResultWord("unresolved")).toBe("undecided");
  });
});

import { describe, expect, it } from "vitest";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { filterCases, groupBySuite, readCaseFilters, suitesAndTags } from "./case-list";

const make = (key: string, suite: string, tags: string[]) =>
  BundleTestCase.parse({ key, name: key, suite, tags, turns: [{ message: "hi" }] });

const cases = [make("b", "refunds", ["eu"]), make("a", "refunds", []), make("c", "default", ["eu", "smoke"])];

describe("case-list", () => {
  it("reads the filters from the URL", () => {
    expect(readCaseFilters(new URLSearchParams("suite=refunds&tag="))).toEqual({ suite: "refunds", tag: null });
  });

  it("filters by suite and tag", () => {
    expect(filterCases(cases, { suite: "refunds", tag: null }).map((c) => c.key)).toEqual(["b", "a"]);
    expect(filterCases(cases, { suite: null, tag: "eu" }).map((c) => c.key)).toEqual(["b", "c"]);
  });

  it("groups by suite in name order, cases by key", () => {
    expect(groupBySuite(cases).map((g) => [g.suite, g.cases.map((c) => c.key)])).toEqual([
      ["default", ["c"]],
      ["refunds", ["a", "b"]],
    ]);
  });

  it("lists suites and tags in use", () => {
    expect(suitesAndTags(cases)).toEqual({ suites: ["default", "refunds"], tags: ["eu", "smoke"] });
  });
});

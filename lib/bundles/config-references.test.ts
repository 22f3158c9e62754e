import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { referencesTo } from "./config-references";

// What a delete must not leave dangling, read from the demo: rules' scopes, attached tools and CEL,
// tool inputs, and the conversation tests' assertions.

const bundle = Bundle.parse(demo);

describe("referencesTo", () => {
  it("a scenario: the rules scoped to it or its steps, and the tests asserting on it or its steps", () => {
    const refs = referencesTo(bundle, "scenario", "refund");
    expect(refs).toContainEqual({ kind: "rule", key: "be-polite", field: "scope_ref" });
    expect(refs).toContainEqual({ kind: "rule", key: "confirm-order-owner", field: "scope_ref" });
    expect(refs).toContainEqual({ kind: "test", key: "cancel-leaves-refund", field: "turns[0].assertions[0]" });
    expect(refs.filter((r) => r.kind === "rule").map((r) => r.key)).not.toContain("quote-catalogue-prices");
  });

  it("a rule: only the tests naming it", () => {
    const refs = referencesTo(bundle, "rule", "vip-thanks");
    expect(new Set(refs.map((r) => `${r.kind} ${r.key}`))).toEqual(new Set(["test vip-thanked-once"]));
  });

  it("a variable: the rules whose CEL reads it and the tests' cel assertions", () => {
    const refs = referencesTo(bundle, "variable", "competitor_mentioned");
    expect(refs).toContainEqual({ kind: "rule", key: "no-competitor-mentions", field: "enforcement_expression" });
    expect(refs.some((r) => r.kind === "test" && r.key === "competitor-question")).toBe(true);
  });

  it("a tool: the rules attaching it; a profile field: the tool inputs named after it", () => {
    expect(referencesTo(bundle, "tool", "lookup_order").map((r) => r.key)).toEqual(["look-up-order", "max-refund"]);
    expect(referencesTo(bundle, "profile_field", "order_id")).toEqual([
      { kind: "tool", key: "lookup_order", field: "input_schema" },
    ]);
  });

  it("nothing for an entity nothing names", () => {
    expect(referencesTo(bundle, "profile_field", "country")).toEqual([]);
    expect(referencesTo({ ...bundle, tests: [] }, "rule", "vip-thanks")).toEqual([]);
  });
});

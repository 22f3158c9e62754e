import { describe, expect, it } from "vitest";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { demoBundle } from "@/test/support/bundle-fixtures";
import { diffBundles } from "./bundle-diff";

const parse = (input: unknown) => Bundle.parse(input);

describe("diffBundles", () => {
  it("lists everything as added for a new agent", () => {
    const diff = diffBundles(null, parse(demoBundle()));
    expect(diff.agent).toEqual([]);
    expect(diff.tools).toEqual({ added: ["lookup_order", "price_catalog"], removed: [], changed: {} });
    expect(diff.scenarios.added).toEqual(["pricing", "refund"]);
  });

  it("finds nothing between a bundle and itself, whatever the settings spelling", () => {
    const before = parse(demoBundle());
    const after = demoBundle() as { agent: { settings: Record<string, unknown> } };
    after.agent.settings = { scenario_filter: { stickiness_boost: 0.15 } };
    const diff = diffBundles(before, parse(after));
    expect(diff.agent).toEqual([]);
    for (const entity of ["profile_fields", "variables", "tools", "scenarios", "rules"] as const) {
      expect(diff[entity]).toEqual({ added: [], removed: [], changed: {} });
    }
  });

  it("names changed fields, keyed steps, reordered lists and tool data paths, never values", () => {
    const before = parse(demoBundle());
    const after = structuredClone(before);
    const refund = after.scenarios.find((s) => s.key === "refund");
    if (!refund) throw new Error("demo has a refund scenario");
    refund.steps.reverse();
    refund.steps.push({
      key: "escalate",
      name: "Escalate",
      instructions: "",
      clarification_hint: "",
      is_terminal: true,
    });
    refund.transitions.pop();
    const tool = after.tools[0];
    if (tool?.kind === "static") tool.output.data = { items: [] };
    after.agent.name = "Refund desk (EU)";
    const diff = diffBundles(before, after);
    expect(diff.agent).toEqual(["name"]);
    expect(diff.scenarios.changed).toEqual({ refund: ["steps", "steps.escalate", "transitions"] });
    expect(diff.tools.changed).toEqual({ lookup_order: ["output.data.items"] });
    expect(JSON.stringify(diff)).not.toContain("EU");
  });
});

import { describe, expect, it } from "vitest";
import { canonicalBundle } from "@/lib/bundles/serialize-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { BundleInput } from "@/lib/engine/contracts/bundle";
import { declarers, describeDeclarer, describeUse, nameUses } from "./name-uses";

const bundle = canonicalBundle(demo as BundleInput);

describe("nameUses", () => {
  it("finds the rules whose expressions read a name and the tools whose inputs do", () => {
    const uses = nameUses(bundle);
    expect(uses.get("refund_amount")?.rules).toEqual([{ key: "max-refund", expression: "refund_amount <= 50" }]);
    expect(uses.get("competitor_mentioned")?.rules.map((r) => r.key)).toEqual(["no-competitor-mentions"]);
    expect(uses.get("order_id")).toEqual({ rules: [], tools: ["lookup_order"] });
    expect(uses.get("tier")).toBeUndefined();
  });

  it("counts inputs an output path selects by even when they are not declared properties", () => {
    const tool = bundle.tools[0];
    if (!tool) throw new Error("demo has no tool");
    const patched = {
      ...bundle,
      tools: [
        {
          ...tool,
          input_schema: { ...tool.input_schema, properties: {} },
          output: { ...tool.output, variables: { picked: "items[id={ticket}].x" } },
        },
      ],
    } as typeof bundle;
    expect(nameUses(patched).get("ticket")?.tools).toEqual([tool.key]);
  });
});

describe("declarers and words", () => {
  it("names who declares a name", () => {
    const found = declarers(bundle);
    expect(describeDeclarer(found.get("tier") ?? { kind: "variable", name: "?" })).toBe("the profile field tier");
    expect(describeDeclarer(found.get("order_amount") ?? { kind: "variable", name: "?" })).toBe(
      "an output of tool lookup_order",
    );
  });

  it("lists uses in one phrase", () => {
    expect(
      describeUse({
        rules: [
          { key: "a", expression: "x > 1.0" },
          { key: "b", expression: "x < 9.0" },
        ],
        tools: ["t"],
      }),
    ).toBe("rules a (x > 1.0) and b (x < 9.0) and the input of tool t");
  });
});

import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { parseToolOutputPath, pathInputs, resolveToolOutputPath } from "./tool-output-path";

describe("tool output paths", () => {
  it("parses keys, indexes and input matches", () => {
    expect(parseToolOutputPath("items[id={order_id}].amount")).toEqual([
      { kind: "key", key: "items" },
      { kind: "match", field: "id", input: "order_id" },
      { kind: "key", key: "amount" },
    ]);
    expect(parseToolOutputPath("data.lines[0][2].total")).toEqual([
      { kind: "key", key: "data" },
      { kind: "key", key: "lines" },
      { kind: "index", index: 0 },
      { kind: "index", index: 2 },
      { kind: "key", key: "total" },
    ]);
    expect(pathInputs(parseToolOutputPath("a[x={one}].b[y={two}]") ?? [])).toEqual(["one", "two"]);
  });

  it.each(["", "items.", ".items", "items[id=order_id]", "items[-1]", "items[id={}]", "it ems", "items]"])(
    "rejects %j",
    (path) => {
      expect(parseToolOutputPath(path)).toBeNull();
    },
  );

  it("plays the refund example on the demo tool: order 123 costs $75 and is delivered", () => {
    const [tool] = demo.tools;
    if (!tool) throw new Error("the demo has a lookup_order tool");
    const variables: Record<string, string | undefined> = tool.output.variables;
    const resolve = (name: string, inputs: Record<string, unknown>) =>
      resolveToolOutputPath(tool.output.data, parseToolOutputPath(variables[name] ?? "") ?? [], inputs);
    expect(resolve("order_amount", { order_id: "123" })).toBe(75);
    expect(resolve("order_status", { order_id: 123 })).toBe("delivered");
    expect(resolve("order_amount", { order_id: "999" })).toBeUndefined();
    expect(resolve("order_amount", {})).toBeUndefined();
    const orders = resolve("orders", {}) as { id: string }[];
    expect(orders.map((o) => o.id)).toEqual(["sample1", "sample2", "sample3", "123"]);
  });
});

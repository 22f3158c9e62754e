import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleTool } from "@/lib/engine/contracts/bundle";
import { extractToolVariables, typeToolInputs } from "./tool-try";

const DEMO_TOOL = BundleTool.parse(demo.tools[0]);
const TYPED = BundleTool.parse({
  key: "typed",
  name: "Typed",
  kind: "static",
  input_schema: {
    properties: {
      text: { type: "string" },
      amount: { type: "number" },
      count: { type: "integer" },
      flag: { type: "boolean" },
    },
    required: ["text", "count"],
  },
});

describe("typeToolInputs", () => {
  it("types each text by its declared type; blank is no value", () => {
    expect(typeToolInputs(TYPED, { text: " a b ", amount: "19.99", count: "-3", flag: "false" })).toEqual({
      input: { text: " a b ", amount: 19.99, count: -3, flag: false },
      errors: {},
      missing: [],
    });
    expect(typeToolInputs(TYPED, { text: "x", count: "2", amount: "  " }).input).toEqual({ text: "x", count: 2 });
  });

  it("reports values that do not fit and required inputs left blank", () => {
    expect(typeToolInputs(TYPED, { amount: "12abc", count: "2.5", flag: "yes" })).toEqual({
      input: {},
      errors: {
        amount: "Enter a number, e.g. 42 or 19.99",
        count: "Enter a whole number",
        flag: "Enter true or false",
      },
      missing: ["text"],
    });
  });

  it("ignores texts for inputs the tool does not declare", () => {
    expect(typeToolInputs(TYPED, { text: "x", count: "1", constructor: "boom" }).input).toEqual({
      text: "x",
      count: 1,
    });
  });
});

describe("extractToolVariables", () => {
  it("maps the demo's output through its paths, as stage 6 does", () => {
    const output = DEMO_TOOL.kind === "static" ? DEMO_TOOL.output.data : null;
    expect(extractToolVariables(DEMO_TOOL, output, { order_id: "123" })).toEqual([
      { name: "order_amount", path: "items[id={order_id}].amount", found: true, value: 75 },
      { name: "order_status", path: "items[id={order_id}].status", found: true, value: "delivered" },
      { name: "orders", path: "items", found: true, value: (output as { items: unknown }).items },
    ]);
    expect(extractToolVariables(DEMO_TOOL, output, { order_id: "999" }).slice(0, 1)).toEqual([
      { name: "order_amount", path: "items[id={order_id}].amount", found: false, value: null },
    ]);
  });
});

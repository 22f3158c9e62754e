import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleTool } from "@/lib/engine/contracts/bundle";
import { canonicalTool } from "./canonical-tool";
import { copyToolKey } from "./tool-copy-key";
import { diffToolFields } from "./tool-field-diff";

const STATIC = canonicalTool(BundleTool.parse(demo.tools[0])) as Extract<BundleTool, { kind: "static" }>;
type HttpTool = Extract<BundleTool, { kind: "http" }>;
const HTTP = BundleTool.parse({
  key: "orders_api",
  name: "Orders API",
  kind: "http",
  input_schema: { properties: { order_id: { type: "string" } } },
  output: { url: "https://api.example.com/orders/{order_id}", variables: { order_status: "status" } },
}) as HttpTool;

describe("diffToolFields", () => {
  it("lists every field the tool has on create, and none it lacks", () => {
    expect(Object.keys(diffToolFields(null, HTTP))).toEqual([
      "key",
      "name",
      "description",
      "kind",
      "input_schema",
      "output.url",
      "output.method",
      "output.timeout_ms",
      "output.max_bytes",
      "output.variables",
    ]);
    expect(diffToolFields(STATIC, null)["output.data"]).toEqual({
      before: STATIC.kind === "static" ? STATIC.output.data : "",
      after: null,
    });
  });

  it("names a change of the credential, query, headers or body template, and not their key order", () => {
    const templated = canonicalTool({
      ...HTTP,
      output: {
        ...HTTP.output,
        method: "POST",
        credential: "orders-api",
        headers: { "X-Desk": "refunds", Accept: "application/json" },
        body: { order: "{order_id}", amount: 1 },
      },
    }) as HttpTool;
    expect(Object.keys(diffToolFields(HTTP, templated))).toEqual([
      "output.method",
      "output.credential",
      "output.headers",
      "output.body",
    ]);
    const reordered = canonicalTool({
      ...templated,
      output: {
        ...templated.output,
        headers: { Accept: "application/json", "X-Desk": "refunds" },
        body: { amount: 1, order: "{order_id}" },
      },
    });
    expect(diffToolFields(templated, reordered)).toEqual({});
    const rotatedHeader = { ...templated, output: { ...templated.output, headers: { "X-Desk": "returns" } } };
    expect(diffToolFields(templated, rotatedHeader)["output.headers"]).toEqual({
      before: { Accept: "application/json", "X-Desk": "refunds" },
      after: { "X-Desk": "returns" },
    });
  });

  it("names only the part of the output that changed", () => {
    const after = { ...HTTP, output: { ...HTTP.output, timeout_ms: 2000 } };
    expect(diffToolFields(HTTP, after)).toEqual({ "output.timeout_ms": { before: 5000, after: 2000 } });
    expect(diffToolFields(HTTP, HTTP)).toEqual({});
  });

  it("shows both sides of a kind change", () => {
    const asStatic: BundleTool = {
      key: HTTP.key,
      name: HTTP.name,
      description: HTTP.description,
      kind: "static",
      input_schema: HTTP.input_schema,
      output: { data: { status: "ok" }, variables: HTTP.output.variables },
    };
    const diff = diffToolFields(HTTP, asStatic);
    expect(diff).toEqual({
      kind: { before: "http", after: "static" },
      "output.data": { before: null, after: { status: "ok" } },
      "output.url": { before: HTTP.output.url, after: null },
      "output.method": { before: "GET", after: null },
      "output.timeout_ms": { before: 5000, after: null },
      "output.max_bytes": { before: 65_536, after: null },
    });
  });
});

describe("canonicalTool", () => {
  it("sorts records and data keys, so row order is not a change", () => {
    const shuffled = BundleTool.parse({
      ...STATIC,
      input_schema: { properties: { z: { type: "string" }, a: { type: "number" } }, required: ["z", "a"] },
      output: { data: { b: 1, a: { d: 2, c: [{ y: 1, x: 2 }] } }, variables: { zeta: "b", alpha: "a.d" } },
    });
    const canonical = canonicalTool(shuffled);
    expect(Object.keys(canonical.input_schema.properties)).toEqual(["a", "z"]);
    expect(canonical.input_schema.required).toEqual(["z", "a"]);
    expect(JSON.stringify(canonical.output)).toBe(
      '{"data":{"a":{"c":[{"x":2,"y":1}],"d":2},"b":1},"variables":{"alpha":"a.d","zeta":"b"}}',
    );
    expect(canonicalTool(STATIC)).toEqual(STATIC);
  });
});

describe("copyToolKey", () => {
  it("adds _copy, then numbers, in the key's own separator, within 64 characters", () => {
    expect(copyToolKey("lookup_order", new Set())).toBe("lookup_order_copy");
    expect(copyToolKey("lookup_order", new Set(["lookup_order_copy"]))).toBe("lookup_order_copy_2");
    expect(copyToolKey("order-lookup", new Set())).toBe("order-lookup-copy");
    expect(copyToolKey("x".repeat(64), new Set())).toHaveLength(64);
  });
});

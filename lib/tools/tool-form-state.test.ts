import { describe, expect, it } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { BundleTool } from "@/lib/engine/contracts/bundle";
import { keyFromName } from "@/lib/keys/key-from-name";
import {
  formErrorsOf,
  formFromTool,
  newInputRow,
  newToolForm,
  newVariableRow,
  type ToolFormState,
  toolFromForm,
} from "./tool-form-state";

const DEMO_TOOL = BundleTool.parse(demo.tools[0]);

function staticForm(patch: Partial<ToolFormState> = {}): ToolFormState {
  return {
    ...newToolForm(),
    key: "catalogue",
    name: "Catalogue",
    inputs: [{ ...newInputRow(), name: "sku", required: true }],
    variables: [{ ...newVariableRow(), name: "price", path: "items[sku={sku}].price" }],
    data: '{"items": [{"sku": "a1", "price": 9.5}]}',
    ...patch,
  };
}

function errorsOf(form: ToolFormState, taken: Record<string, string> = {}) {
  const result = toolFromForm(form, taken);
  if (result.ok) throw new Error("expected errors");
  return result.errors;
}

describe("tool form", () => {
  it("round-trips the demo's static tool", () => {
    expect(toolFromForm(formFromTool(DEMO_TOOL))).toEqual({ ok: true, tool: DEMO_TOOL });
  });

  it("round-trips an http tool with its limits", () => {
    const tool = BundleTool.parse({
      key: "orders_api",
      name: "Orders API",
      kind: "http",
      input_schema: { properties: { order_id: { type: "string" } }, required: ["order_id"] },
      output: {
        url: "https://api.example.com/orders/{order_id}",
        method: "POST",
        timeout_ms: 2000,
        max_bytes: 4096,
        variables: { order_status: "status" },
      },
    });
    const form = formFromTool(tool);
    expect(form).toMatchObject({ kind: "http", timeout_ms: "2000", max_bytes: "4096", data: "{}" });
    expect(toolFromForm(form)).toEqual({ ok: true, tool });
  });

  it("builds the input schema from the rows, required ones in row order", () => {
    const result = toolFromForm(
      staticForm({
        inputs: [
          { ...newInputRow(), name: "sku", type: "string", description: "Article number", required: true },
          { ...newInputRow(), name: "qty", type: "integer", required: false },
        ],
      }),
    );
    expect(result.ok && result.tool.input_schema).toEqual({
      type: "object",
      properties: { sku: { type: "string", description: "Article number" }, qty: { type: "integer", description: "" } },
      required: ["sku"],
    });
  });

  it("keeps the http fields while the kind is static, and sends only the chosen kind's", () => {
    const form = staticForm({ url: "https://api.example.com/x", timeout_ms: "not a number" });
    const result = toolFromForm(form);
    expect(result.ok && result.tool.output).toEqual({
      data: { items: [{ sku: "a1", price: 9.5 }] },
      variables: { price: "items[sku={sku}].price" },
    });
  });

  it("reports broken JSON data with its line and column", () => {
    expect(errorsOf(staticForm({ data: '{\n  "items": [1, 2,]\n}' })).data).toEqual([
      "Line 2, column 18: Trailing comma before ]: remove the last comma",
    ]);
  });

  it("puts row problems on the row's field", () => {
    const errors = errorsOf(
      staticForm({
        inputs: [
          { ...newInputRow(), name: "sku" },
          { ...newInputRow(), name: "sku" },
          { ...newInputRow(), name: "Bad Name" },
          { ...newInputRow(), name: "" },
        ],
        variables: [
          { ...newVariableRow(), name: "price", path: "items[sku={code}].price" },
          { ...newVariableRow(), name: "tier", path: "items[0]" },
          { ...newVariableRow(), name: "in", path: "x" },
        ],
      }),
      { tier: "profile field" },
    );
    expect(errors["input.1.name"]).toEqual(["Another input is already named sku"]);
    expect(errors["input.2.name"]).toEqual(["Use lower-case letters, digits and '_', starting with a letter"]);
    expect(errors["input.3.name"]).toEqual(["Name the input, or remove the row"]);
    expect(errors["variable.0.path"]?.[0]).toContain("{code} is not one of this tool's inputs");
    expect(errors["variable.1.name"]).toEqual(["tier is already a profile field of this agent; use another name"]);
    expect(errors["variable.2.name"]).toEqual(["This is a reserved word in CEL; choose another name"]);
  });

  it("checks the http fields plainly before the schema does", () => {
    const base = { ...staticForm(), kind: "http" as const, variables: [], inputs: [] };
    expect(errorsOf({ ...base, url: "" }).url).toEqual([
      "Enter the URL to call, e.g. https://api.example.com/orders/{order_id}",
    ]);
    const errors = errorsOf({ ...base, url: "ftp://files.example.com", timeout_ms: "5 s", max_bytes: "2000000" });
    expect(errors.url).toEqual(["Invalid URL"]);
    expect(errors.timeout_ms).toEqual(["Enter a whole number of milliseconds."]);
    expect(errors.max_bytes).toEqual(["Too big: expected number to be <=1048576"]);
  });

  it("maps the server's bundle-tool paths to the form's rows", () => {
    const form = staticForm({
      inputs: [
        { ...newInputRow(), name: "sku", required: false },
        { ...newInputRow(), name: "qty", required: true },
      ],
    });
    expect(
      formErrorsOf(
        {
          key: ["taken"],
          "output.variables.price": ["already declared"],
          "input_schema.required[0]": ["not in properties"],
          "output.url": ["placeholder"],
          "(root)": ["Rule x would break"],
          "output.variables.gone": ["renamed meanwhile"],
        },
        form,
      ),
    ).toEqual({
      key: ["taken"],
      "variable.0": ["already declared"],
      "input.1": ["not in properties"],
      url: ["placeholder"],
      "(root)": ["Rule x would break"],
      variables: ["renamed meanwhile"],
    });
  });

  it("suggests a key from the name in the demo's style", () => {
    expect(keyFromName("Look up order", "_")).toBe("look_up_order");
    expect(keyFromName("  Prix – Catalogue é!", "_")).toBe("prix_catalogue_e");
  });
});

describe("an mcp tool in the form", () => {
  const tool = BundleTool.parse({
    key: "find_order",
    name: "find_order",
    description: "Finds an order.",
    kind: "mcp",
    input_schema: { properties: { order_id: { type: "string" } } },
    output: { server: "desk", url: "https://mcp.example.com/mcp", tool: "find_order", credential: "desk-token" },
  });

  it("round-trips, with the designer's approval and output variables", () => {
    const form = formFromTool(tool);
    expect(form.mcp).toEqual({
      server: "desk",
      url: "https://mcp.example.com/mcp",
      tool: "find_order",
      credential: "desk-token",
    });
    const edited = {
      ...form,
      requiresApproval: true,
      variables: [{ id: 1, name: "order_status", path: "status" }],
    };
    expect(toolFromForm(edited)).toEqual({
      ok: true,
      tool: { ...tool, requires_approval: true, output: { ...tool.output, variables: { order_status: "status" } } },
    });
  });
});

import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { orderApiDocument } from "@/test/support/openapi-fixtures";
import type { ImportOpenApiBody } from "./openapi-import-schemas";
import { OpenApiImportError } from "./openapi-issue";
import { type ImportAgent, planOpenApiImport } from "./plan-openapi-import";

const AGENT: ImportAgent = {
  toolKeys: new Set(["lookup_order"]),
  takenNames: new Set(["order_id"]),
  credentialNames: new Set(["bearer_auth", "orders-api"]),
};

function plan(body: Partial<ImportOpenApiBody>, agent = AGENT) {
  return planOpenApiImport({ document: orderApiDocument(), operations: [], ...body }, agent);
}

/** The issues a plan is refused with. */
function refused(body: Partial<ImportOpenApiBody>, agent = AGENT) {
  try {
    plan(body, agent);
  } catch (error) {
    if (error instanceof OpenApiImportError) return error.issues;
    throw error;
  }
  throw new Error("the plan was not refused");
}

describe("OpenAPI operations as http tools", () => {
  it("maps path, query and header parameters, the $ref'd response and the bearer scheme", () => {
    const [made] = plan({ operations: ["getOrder"] }).tools;
    expect(made?.operation).toBe("GET /orders/{orderId}");
    expect(made?.tool).toMatchObject({
      key: "get_order",
      name: "Find an order",
      kind: "http",
      requires_approval: false,
      input_schema: {
        properties: {
          order_id: { type: "string" },
          expand: { type: "boolean", description: "Include the lines" },
          x_request_id: { type: "string" },
        },
        required: ["order_id"],
      },
      output: {
        url: "https://orders.example.com/v1/orders/{order_id}",
        method: "GET",
        credential: "bearer_auth",
        query: { expand: "{expand}" },
        headers: { "X-Request-ID": "{x_request_id}" },
        variables: { item: "item", quantity: "quantity", gift: "gift", lines: "lines", id: "id", status: "status" },
      },
    });
    expect(made?.outputs_available).toEqual(["item", "quantity", "gift", "lines", "id", "status", "total", "parent"]);
  });

  it("maps a JSON body's properties to inputs and a body template, asks for approval, skips arrays", () => {
    const { tools, credentials } = plan({ operations: ["POST /orders"], outputs: { "POST /orders": ["id", "total"] } });
    expect(tools[0]?.tool).toMatchObject({
      key: "create_order",
      requires_approval: true,
      input_schema: {
        properties: { item: { type: "string" }, quantity: { type: "integer" } },
        required: ["item", "quantity"],
      },
      output: {
        method: "POST",
        body: { item: "{item}", quantity: "{quantity}", gift: "{gift}" },
        variables: { id: "id", total: "total" },
      },
    });
    expect(tools[0]?.notes.join(" ")).toMatch(/"lines" is an array/);
    expect(credentials).toEqual([
      { name: "bearer_auth", scheme: "bearerAuth", kind: "bearer", described: "http bearer" },
    ]);
  });

  it("keys an operation without operationId by method and path; security: [] names no credential", () => {
    const { tools, operations } = plan({ operations: ["get /orders"], credential: "orders-api" });
    expect(tools[0]?.tool.key).toBe("get_orders");
    expect(tools[0]?.tool.kind === "http" && tools[0].tool.output.credential).toBe(undefined);
    expect(tools[0]?.notes.join(" ")).toMatch(/no JSON object schema/);
    expect(operations.map((op) => op.operation)).toEqual([
      "GET /customers/me/orders",
      "GET /orders/{orderId}",
      "GET /orders",
      "POST /orders",
    ]);
  });

  it("names the request's credential instead of the scheme's", () => {
    const [made] = plan({ operations: ["getOrder"], credential: "orders-api" }).tools;
    expect(made?.tool.kind === "http" && made.tool.output.credential).toBe("orders-api");
  });

  it("reads YAML as JSON", () => {
    const [made] = plan({ document: stringify(orderApiDocument()), operations: ["getOrder"] }).tools;
    expect(made?.tool.key).toBe("get_order");
  });

  it.each([
    [{ type: "http", scheme: "basic" }, "basic"],
    [{ type: "apiKey", in: "header", name: "X-Api-Key" }, "header"],
    [{ type: "apiKey", in: "query", name: "api_key" }, "query"],
    [
      { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://a.example.com/t", scopes: {} } } },
      "oauth2_client_credentials",
    ],
  ])("maps the security scheme %j to a %s credential", (scheme, kind) => {
    const document = orderApiDocument();
    document.components.securitySchemes = { bearerAuth: scheme as never };
    expect(plan({ document, operations: ["getOrder"] }).credentials[0]?.kind).toBe(kind);
  });
});

describe("refusals, each at its path", () => {
  it("a document without responses, or not OpenAPI 3", () => {
    const whole = orderApiDocument();
    const { responses: _, ...post } = whole.paths["/orders"].post;
    const document = { ...whole, paths: { ...whole.paths, "/orders": { ...whole.paths["/orders"], post } } };
    expect(refused({ document, operations: ["createOrder"] })[0]?.path).toBe("document.paths./orders.post.responses");
    expect(refused({ document: { swagger: "2.0", info: {}, paths: {} }, operations: [] })[0]?.path).toBe(
      "document.openapi",
    );
    expect(refused({ document: "openapi: [3", operations: [] })[0]).toMatchObject({
      path: "document",
      message: /YAML/,
    });
  });

  it("a document over 5 MB", () => {
    const big = JSON.stringify({ ...orderApiDocument(), "x-pad": "x".repeat(5 * 1024 * 1024) });
    expect(refused({ document: big, operations: ["getOrder"] })[0]).toMatchObject({
      path: "document",
      message: /at most 5 MB/,
    });
  });

  it("an external $ref, never fetched", () => {
    const document = orderApiDocument();
    document.components.schemas.NewOrder = { $ref: "https://evil.example.com/schema.json" } as never;
    expect(refused({ document, operations: ["createOrder"] })).toEqual([
      { path: "document.components.schemas.NewOrder.$ref", message: expect.stringMatching(/never fetched/) },
    ]);
  });

  it("a circular $ref chain, and an allOf made of itself, refuse instead of hanging", () => {
    const document = orderApiDocument();
    Object.assign(document.components.schemas, {
      A: { $ref: "#/components/schemas/B" },
      B: { $ref: "#/components/schemas/A" },
    });
    document.components.responses.OrderFound.content["application/json"].schema.$ref = "#/components/schemas/A";
    expect(refused({ document, operations: ["getOrder"] })[0]?.message).toMatch(/Circular \$ref/);
    const selfMade = orderApiDocument();
    selfMade.components.schemas.Order.allOf[0] = { $ref: "#/components/schemas/Order" };
    expect(refused({ document: selfMade, operations: ["getOrder"] })[0]?.message).toMatch(/allOf nests deeper/);
  });

  it("a YAML alias that contains itself", () => {
    expect(
      refused({
        document: "openapi: 3.0.0\ninfo: &a\n  title: t\n  version: '1'\n  self: *a\npaths: {}\n",
        operations: [],
      })[0]?.message,
    ).toMatch(/contains itself/);
  });

  it("an unknown operation, one picked twice, a taken key, a missing credential, a relative server", () => {
    expect(refused({ operations: ["getOrder", "nope", "GET /orders/{orderId}"] })).toEqual([
      { path: "operations[1]", message: expect.stringMatching(/no operation "nope"/) },
      { path: "operations[2]", message: expect.stringMatching(/picked twice/) },
    ]);
    expect(refused({ operations: ["getOrder"] }, { ...AGENT, toolKeys: new Set(["get_order"]) })[0]).toMatchObject({
      path: "operations[0]",
      message: expect.stringMatching(/"get_order" is taken/),
    });
    expect(refused({ operations: ["getOrder"] }, { ...AGENT, credentialNames: new Set() })[0]).toMatchObject({
      path: "credential",
      message: expect.stringMatching(/"bearer_auth".*not set for this agent/),
    });
    const relative = { ...orderApiDocument(), servers: [{ url: "/v1" }] };
    expect(refused({ document: relative, operations: ["getOrder"] })[0]?.path).toBe("document.servers[0].url");
    const [made] = plan({ document: relative, operations: ["getOrder"], base_url: "https://api.example.com/v1" }).tools;
    expect(made?.tool.kind === "http" && made.tool.output.url).toBe("https://api.example.com/v1/orders/{order_id}");
  });

  it("an output the response lacks; the import needs at least one operation", () => {
    expect(refused({ operations: ["getOrder"], outputs: { getOrder: ["missing"] } })[0]?.path).toBe("outputs.getOrder");
    expect(refused({ operations: [] })[0]?.path).toBe("operations");
    expect(plan({ operations: [], dry_run: true }).operations).toHaveLength(4);
  });
});

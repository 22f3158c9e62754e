// A petstore-like OpenAPI 3.0 document for the import's tests: an order API behind a bearer token
// with path, query, header and body inputs, a $ref'd response, and a schema that refers to itself.

export function orderApiDocument(server = "https://orders.example.com/v1") {
  return {
    openapi: "3.0.3",
    info: { title: "Order API", version: "1.0.0" },
    servers: [{ url: server }],
    security: [{ bearerAuth: [] }],
    paths: {
      "/customers/me/orders": {
        get: {
          operationId: "listMyOrders",
          summary: "The customer's orders",
          responses: {
            "200": {
              description: "Orders",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      orders: { type: "array", items: { $ref: "#/components/schemas/Order" } },
                      order_count: { type: "integer" },
                    },
                  },
                },
              },
            },
          },
        },
      },
      "/orders/{orderId}": {
        parameters: [{ name: "orderId", in: "path", required: true, schema: { type: "string" } }],
        get: {
          operationId: "getOrder",
          summary: "Find an order",
          parameters: [
            { name: "expand", in: "query", schema: { type: "boolean" }, description: "Include the lines" },
            { name: "X-Request-ID", in: "header", schema: { type: "string" } },
          ],
          responses: {
            "200": { $ref: "#/components/responses/OrderFound" },
            "404": { description: "No such order" },
          },
        },
      },
      "/orders": {
        post: {
          operationId: "createOrder",
          summary: "Place an order",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/NewOrder" } } },
          },
          responses: { "201": { $ref: "#/components/responses/OrderFound" } },
        },
        get: {
          summary: "List orders",
          security: [],
          parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
          responses: {
            "200": {
              description: "Orders",
              content: {
                "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Order" } } },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      responses: {
        OrderFound: {
          description: "The order",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } },
        },
      },
      schemas: {
        NewOrder: {
          type: "object",
          required: ["item", "quantity"],
          properties: {
            item: { type: "string", description: "The catalogue id" },
            quantity: { type: "integer" },
            gift: { type: "boolean" },
            lines: { type: "array", items: { type: "string" } },
          },
        },
        Order: {
          allOf: [
            { $ref: "#/components/schemas/NewOrder" },
            {
              type: "object",
              properties: {
                id: { type: "string" },
                status: { type: "string", enum: ["placed", "shipped", "delivered"] },
                total: { type: "number" },
                parent: { $ref: "#/components/schemas/Order" },
              },
            },
          ],
        },
      },
    },
  };
}

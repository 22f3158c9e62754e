import { z } from "zod";

// How the OpenAPI document shows a route that answers customers in their own shape
// (customer-response-schemas.ts): both bodies, as alternatives, the customer's second.

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });

export function operatorOrCustomer(operator: z.ZodType, customer: z.ZodType) {
  return {
    description:
      "The first shape for an API key or a signed-in operator; the second, the customer's (no provenance), for a publishable key (docs/widget.md#what-a-customer-sees) and for `?view=customer` where the route offers it.",
    oneOf: [toJson(operator), toJson(customer)],
  };
}

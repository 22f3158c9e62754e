import { z } from "zod";

// The body of POST /api/v1/api-keys: declared by the route, drawn by lib/openapi/paths-customers.ts.

export const CreatedApiKeyBody = z.object({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string().describe("Shown in lists to tell keys apart"),
  scopes: z.array(z.string()),
  agents: z.array(z.string()).nullable().describe("The agent keys it is limited to; null: every agent"),
  key: z.string().describe("The key itself: in this answer only, never stored (a SHA-256 of it is)"),
});

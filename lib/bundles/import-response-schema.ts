import { z } from "zod";

// The body of POST /api/v1/agents/import: declared by the route, drawn by the OpenAPI document.

export const ImportBody = z.object({
  agent_id: z.string().uuid(),
  key: z.string(),
  config_version: z.number().int(),
  created: z.boolean(),
});

import { z } from "zod";

// The body of GET /api/health, at 200 and 503; the OpenAPI document draws it.

export const HealthBody = z.object({
  status: z.enum(["ok", "unavailable"]),
  db: z.enum(["pglite", "postgres", "unavailable"]).describe("The database answering, or unavailable (with 503)"),
  version: z.string(),
  message: z.string().optional().describe("Why, when unavailable"),
  /** Admins only (an admin-scoped key or a signed-in admin): the trace export's counters. */
  detail: z
    .object({
      telemetry: z.object({
        otel: z.object({
          enabled: z.boolean(),
          endpoint: z.string().nullable(),
          exported: z.number().int(),
          dropped: z.number().int(),
          queued: z.number().int(),
          turns: z.number().int(),
        }),
      }),
    })
    .optional(),
});

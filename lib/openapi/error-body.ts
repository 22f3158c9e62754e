import { z } from "zod";
import { ConfigReference } from "@/lib/bundles/config-references";

// The one error body every route answers 4xx/5xx with (errorResponse in lib/server/route-errors.ts).

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), request_id: z.string() }),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A stale `If-Match` (412): the agent's configuration version now. */
  config_version: z.number().int().optional(),
  /** A delete refused because something still refers to the entity (409 IN_USE). */
  references: z.array(ConfigReference).optional(),
});

import { z } from "zod";

// The one error body every route answers 4xx/5xx with (errorResponse in lib/server/define-route.ts).

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), request_id: z.string() }),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

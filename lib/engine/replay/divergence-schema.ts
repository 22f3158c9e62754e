import { z } from "zod";

/**
 * A call the tape could not serve in frozen mode (`Divergence`, replay-ports.ts), as the replay and
 * test-run answers carry it: one schema for both, so they describe it alike.
 */
export const DivergenceSchema = z.object({
  kind: z.string(),
  index: z.number().int(),
  reason: z.enum(["request_changed", "not_on_tape"]),
  served_by: z.string(),
});

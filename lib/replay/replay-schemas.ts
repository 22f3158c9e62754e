import { z } from "zod";

// Client-safe request of a stored replay (REST, and "Replay this session" on a trace).

export const ReplayRunBody = z.strictObject({
  /** A whole agent bundle to replay under (a draft; nothing is imported). */
  config: z.unknown().optional(),
  /** A kept configuration version to replay under; neither this nor `config`: the current one. */
  config_version: z.number().int().min(1).optional(),
  sessions: z
    .strictObject({
      since: z.iso.datetime({ offset: true }).optional(),
      limit: z.number().int().min(1).max(2000).optional(),
      ids: z.array(z.uuid()).min(1).max(200).optional(),
    })
    .optional(),
  mode: z.enum(["frozen", "live"]).default("frozen"),
});
export type ReplayRunBody = z.input<typeof ReplayRunBody>;

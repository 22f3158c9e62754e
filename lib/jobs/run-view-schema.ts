import { z } from "zod";

// The API view of a run (a replay, a test run): the job as lib/server/jobs/background-jobs.ts shows it
// (`RunView`), its id under the run's own name and its finished report. Client-safe.

/** The view of a run whose id is `idKey` and whose report, once done, is `report`; `describe` words its progress and config_version. */
export function runViewSchema<IdKey extends string, Report extends z.ZodType>(
  idKey: IdKey,
  report: Report,
  describe: { progress: string; configVersion?: string },
) {
  const configVersion = z.number().int().nullable();
  // One key named by the caller; z.object's type cannot follow a computed key.
  const id = { [idKey]: z.string() } as Record<IdKey, z.ZodString>;
  return z.object(id).extend({
    status: z.enum(["queued", "running", "done", "failed", "cancelled"]),
    request: z.record(z.string(), z.unknown()),
    progress: z.object({ done: z.number().int(), total: z.number().int() }).describe(describe.progress),
    config_version: describe.configVersion ? configVersion.describe(describe.configVersion) : configVersion,
    summary: z.record(z.string(), z.unknown()).nullable(),
    report: report.nullable(),
    error: z.string().nullable(),
    created_by: z.string(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  });
}

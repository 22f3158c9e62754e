import "server-only";
import { installJobRegistry } from "@/lib/server/jobs/process-queue";
import { FOCAL_JOBS } from "./focal-jobs";

// The composition root: the one place that hands the shared server layer (lib/server) what the
// features provide, for every program that runs Focal: the web server's boot, `npm run worker`, the
// `focal` CLI, the benchmarks' children and the tests' databases. Idempotent.

export function composeFocal(): void {
  installJobRegistry(FOCAL_JOBS);
}

import "server-only";
import { Worker } from "node:worker_threads";
import { installPublishableKeys } from "@/lib/server/auth/publishable-key-auth";
import { installComputeWorker, tsxWorker } from "@/lib/server/background/compute-pool";
import { installJobRegistry } from "@/lib/server/jobs/process-queue";
import { authenticatePublishableKey } from "@/lib/widget/server/publishable-keys";
import { sessionTokenAdmits } from "@/lib/widget/server/session-token";
import { FOCAL_JOBS } from "./focal-jobs";

// The composition root: the one place that hands the shared server layer (lib/server) what the
// features provide, for every program that runs Focal: the web server's boot, `npm run worker`, the
// `focal` CLI, the benchmarks' children and the tests' databases. Idempotent.

export function composeFocal(): void {
  installJobRegistry(FOCAL_JOBS);
  // The background threads' program (compute-worker.ts, every task in compute-tasks.ts).
  installComputeWorker((workerData, throughTsx) =>
    throughTsx
      ? tsxWorker(import.meta.url.replace(/[^/]+$/, "compute-worker.ts"), workerData)
      : new Worker(new URL("./compute-worker.ts", import.meta.url), { workerData }),
  );
  // The route wrapper's pk branch: the widget's keys and session tokens (docs/widget.md).
  installPublishableKeys({ authenticate: authenticatePublishableKey, tokenAdmits: sessionTokenAdmits });
}

import { serveComputeTasks } from "@/lib/server/background/compute-worker";
import { COMPUTE_TASKS } from "./compute-tasks";

// A background worker thread's program: the compute pool (lib/server/background/compute-pool.ts)
// starts it through the spawner composeFocal installs, and it serves every task in COMPUTE_TASKS.

serveComputeTasks(COMPUTE_TASKS);

import { SUITE_TASK } from "@/lib/conversation-tests/server/suite-task";
import { REPLAY_TASK } from "@/lib/replay/server/replay-task";
import type { ComputeTaskList } from "@/lib/server/background/compute-tasks";

// Every kind of background work a compute worker thread runs (docs/jobs.md): the only list of the
// features' tasks. No server-only import: the worker thread's program (compute-worker.ts) reads it.

export const COMPUTE_TASKS: ComputeTaskList = [REPLAY_TASK, SUITE_TASK];

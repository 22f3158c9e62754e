import "server-only";
import { type RunView, runsOfKind } from "@/lib/server/jobs/background-jobs";
import type { ReplayJobPayload } from "./replay-job";
import type { ReplayReport } from "./replay-report";

/** A replay as the API shows it: the job, with its report under `report`. */
export type ReplayRunView = RunView<"replay_id", ReplayReport>;

/** Replays: started with replayJobPayload as the payload, any instance rebuilds the work from it. */
const replays = runsOfKind<"replay_id", ReplayReport, ReplayJobPayload>("replay", "replay_id");

export const startReplayRun = replays.start;
export const getReplayRunView = replays.get;
export const cancelReplayRun = replays.cancel;

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  cancelReplayRun,
  getReplayRun,
  type RunAnswer,
  replayBody,
  replayRunKey,
  runIsActive,
  startReplay,
} from "@/lib/replay/replay-run-client";
import type { ReplayRunView } from "@/lib/replay/replay-types";

// A one-session replay takes well under a second to a few seconds, fifty sessions a few seconds more:
// poll twice a second.
const POLL_MS = 500;

async function runOrThrow(answer: Promise<RunAnswer>): Promise<ReplayRunView> {
  const result = await answer;
  if (!result.ok) throw new Error(result.message);
  return result.run;
}

/**
 * A stored replay of some of the agent's sessions on one configuration: starts it, polls it until it
 * ends, and cancels it. "Replay this session" replays one; a promotion's preview, an environment's latest.
 */
export function useReplayRun(agentKey: string, sessionIds: string[]) {
  const [runId, setRunId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const run = useQuery({
    queryKey: replayRunKey(runId ?? "none"),
    queryFn: () => runOrThrow(getReplayRun(runId ?? "")),
    enabled: runId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !runIsActive(query.state.data) ? false : POLL_MS),
  });

  async function start(configVersion: number | null) {
    setStarting(true);
    setStartError(null);
    const answer = await startReplay(agentKey, replayBody(sessionIds, configVersion));
    setStarting(false);
    if (answer.ok) setRunId(answer.run.replay_id);
    else setStartError(answer.message);
  }

  async function cancel() {
    if (!runId) return;
    setCancelling(true);
    const answer = await cancelReplayRun(runId);
    setCancelling(false);
    if (!answer.ok) setStartError(answer.message);
    void run.refetch();
  }

  const view = runId ? (run.data ?? null) : null;
  const active = starting || (runId !== null && (view === null || runIsActive(view)));
  return {
    view,
    active,
    starting,
    cancelling,
    error: startError ?? (run.error ? run.error.message : null),
    start,
    cancel,
  };
}

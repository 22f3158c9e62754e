"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { jobIsActive } from "@/lib/console-api/job-status";
import type { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import type { TestRunView } from "@/lib/conversation-tests/test-types";
import {
  bodyOrThrow,
  cancelTestRun,
  getTestRun,
  startTestRun,
  testQueryKeys,
} from "@/lib/conversation-tests/tests-client";

// A frozen run of the demo's suite takes a second or two: poll twice a second while it runs.
const POLL_MS = 500;

/** One stored test run, polled until it ends, with Cancel. Refreshes the page's data when it ends. */
export function useTestRun(runId: string | null) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const run = useQuery({
    queryKey: testQueryKeys.run(runId ?? "none"),
    queryFn: () => bodyOrThrow(getTestRun(runId ?? "")),
    enabled: runId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !jobIsActive(query.state.data) ? false : POLL_MS),
  });
  const view: TestRunView | null = runId ? (run.data ?? null) : null;
  const active = runId !== null && (view === null || jobIsActive(view));

  // When the run ends, the cases' last results and the runs history change.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: ["test-runs"] });
      router.refresh();
    }
    wasActive.current = active;
  }, [active, queryClient, router]);

  async function cancel() {
    if (!runId) return;
    setCancelling(true);
    const answer = await cancelTestRun(runId);
    setCancelling(false);
    setCancelError(answer.ok ? null : answer.message);
    void run.refetch();
  }

  return {
    view,
    report: view?.status === "done" ? view.report : null,
    active,
    cancelling,
    error: cancelError ?? (run.error ? run.error.message : null),
    cancel,
  };
}

/** Starts a run; `onStarted` gets its id (the page opens it, the editor shows it inline). */
export function useStartTestRun(agentKey: string, onStarted: (runId: string) => void) {
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start(body: TestRunBody) {
    setStarting(true);
    setError(null);
    const answer = await startTestRun(agentKey, body);
    setStarting(false);
    if (!answer.ok) {
      setError(answer.issues.length ? answer.issues.map((i) => `${i.path}: ${i.message}`).join("; ") : answer.message);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: testQueryKeys.runs(agentKey) });
    onStarted(answer.body.test_run_id);
  }
  return { start, starting, error };
}

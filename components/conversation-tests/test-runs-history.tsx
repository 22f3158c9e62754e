"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatUtc } from "@/components/sandbox/sandbox-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { jobIsActive } from "@/lib/console-api/job-status";
import { percent, runRequestText, runSummary } from "@/lib/conversation-tests/run-format";
import type { TestRunView } from "@/lib/conversation-tests/test-types";
import { bodyOrThrow, listTestRuns, testQueryKeys } from "@/lib/conversation-tests/tests-client";
import { testsHref } from "@/lib/conversation-tests/tests-href";

// While a run is queued or running the history shows its progress: poll once a second.
const POLL_MS = 1000;

const STATUS_VARIANT = {
  done: "success",
  failed: "danger",
  cancelled: "neutral",
  queued: "info",
  running: "info",
} as const;

function RunRow({ agentKey, run, open }: { agentKey: string; run: TestRunView; open: boolean }) {
  const summary = runSummary(run);
  return (
    <TableRow aria-selected={open} data-testid="test-run-row">
      <TableCell>
        <Link href={testsHref(agentKey, { run: run.test_run_id })} scroll={false} className="hover:underline">
          {formatUtc(run.created_at)}
        </Link>
        <div className="text-muted-foreground text-xs">{runRequestText(run.request)}</div>
      </TableCell>
      <TableCell>
        <Badge variant={STATUS_VARIANT[run.status]}>
          {jobIsActive(run) ? `${run.status} ${run.progress.done}/${run.progress.total}` : run.status}
        </Badge>
      </TableCell>
      <TableCell numeric>{summary ? percent(summary.pass_1) : "—"}</TableCell>
      <TableCell numeric>{summary ? `${percent(summary.pass_k)} (k=${summary.k})` : "—"}</TableCell>
      <TableCell numeric>{summary ? `${summary.passed} / ${summary.failed} / ${summary.flaky}` : "—"}</TableCell>
      <TableCell>
        <Mono>{run.config_version === null ? "draft" : `v${run.config_version}`}</Mono>
      </TableCell>
      <TableCell className="text-xs">{run.created_by}</TableCell>
    </TableRow>
  );
}

/** The agent's latest runs, newest first; a row opens its report. */
export function TestRunsHistory({
  agentKey,
  initialRuns,
  openRunId,
}: {
  agentKey: string;
  initialRuns: TestRunView[];
  openRunId: string | null;
}) {
  const runs = useQuery({
    queryKey: testQueryKeys.runs(agentKey),
    queryFn: async () => (await bodyOrThrow(listTestRuns(agentKey))).runs,
    initialData: initialRuns,
    refetchInterval: (query) => (query.state.data?.some(jobIsActive) ? POLL_MS : false),
  });
  return (
    <section aria-labelledby="runs-heading" className="space-y-3">
      <h2 id="runs-heading" className="font-semibold text-base">
        Runs
      </h2>
      {runs.error ? <Alert variant="danger">{runs.error.message} Reload the page to try again.</Alert> : null}
      {runs.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No runs yet: Run suite above runs every enabled case.</p>
      ) : (
        <Table data-testid="test-runs">
          <TableHeader>
            <TableRow>
              <TableHead>Started</TableHead>
              <TableHead>Status</TableHead>
              <TableHead numeric>pass^1</TableHead>
              <TableHead numeric>pass^k</TableHead>
              <TableHead numeric>passed / failed / flaky</TableHead>
              <TableHead>Config</TableHead>
              <TableHead>By</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.data.map((run) => (
              <RunRow key={run.test_run_id} agentKey={agentKey} run={run} open={run.test_run_id === openRunId} />
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

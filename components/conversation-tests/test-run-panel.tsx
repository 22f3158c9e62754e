"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { formatUtc } from "@/components/sandbox/sandbox-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { RuleNames } from "@/lib/conversation-tests/failure-sentence";
import { runProgressText, runRequestText } from "@/lib/conversation-tests/run-format";
import { testsHref } from "@/lib/conversation-tests/tests-href";
import { TestRunReport } from "./test-run-report";
import { useTestRun } from "./use-test-run";

interface TestRunPanelProps {
  agentKey: string;
  runId: string;
  canCancel: boolean;
  ruleNames: RuleNames;
}

/** The open run (`?run=`): its progress with Cancel while it runs, then its report. */
export function TestRunPanel({ agentKey, runId, canCancel, ruleNames }: TestRunPanelProps) {
  const run = useTestRun(runId);
  const view = run.view;
  return (
    <Card data-testid="test-run-panel">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle as="h2">Run report</CardTitle>
          <CardDescription>
            {view
              ? `${runRequestText(view.request)} · ${view.config_version === null ? "draft" : `v${view.config_version}`} · by ${view.created_by} · ${formatUtc(view.created_at)}`
              : "Loading the run…"}
          </CardDescription>
        </div>
        <Button asChild variant="ghost" size="icon-sm">
          <Link href={testsHref(agentKey)} aria-label="Close the run report" scroll={false}>
            <X aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        {run.error ? <Alert variant="danger">{run.error}</Alert> : null}
        {!view && !run.error ? <Skeleton className="h-16" /> : null}
        {view && run.active ? (
          <div className="flex items-center gap-3">
            <span className="text-sm" aria-live="polite" data-testid="test-run-progress">
              {runProgressText(view)}
            </span>
            {canCancel ? (
              <Button type="button" variant="outline" size="sm" pending={run.cancelling} onClick={run.cancel}>
                Cancel
              </Button>
            ) : null}
          </div>
        ) : null}
        {view?.status === "failed" ? (
          <Alert variant="danger">
            The run failed: {view.error ?? "see the server log"}. Start it again from Run suite.
          </Alert>
        ) : null}
        {view?.status === "cancelled" ? (
          <Alert variant="warning">The run was cancelled before it finished. Start it again from Run suite.</Alert>
        ) : null}
        {run.report ? <TestRunReport agentKey={agentKey} report={run.report} ruleNames={ruleNames} /> : null}
      </CardContent>
    </Card>
  );
}

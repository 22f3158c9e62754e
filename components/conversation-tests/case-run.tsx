"use client";

import { Play } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import type { RuleNames } from "@/lib/conversation-tests/failure-sentence";
import { percent, runProgressText } from "@/lib/conversation-tests/run-format";
import { plural } from "@/lib/text/plural";
import { CaseFailures } from "./case-failures";
import { CaseStatusBadge } from "./case-status-badge";
import { useStartTestRun, useTestRun } from "./use-test-run";

interface CaseRunProps {
  agentKey: string;
  caseKey: string;
  /** Unsaved edits are not what the server would run. */
  dirty: boolean;
  canRun: boolean;
  ruleNames: RuleNames;
}

/** "Run this case": a frozen run of the saved case, its result shown here. */
export function CaseRun({ agentKey, caseKey, dirty, canRun, ruleNames }: CaseRunProps) {
  const [runId, setRunId] = useState<string | null>(null);
  const start = useStartTestRun(agentKey, setRunId);
  const run = useTestRun(runId);
  const result = run.report?.cases.find((c) => c.key === caseKey);
  return (
    <SectionCard
      data-testid="case-run"
      title="Run this case"
      description={
        <>
          Frozen: the engine's model calls are answered from the recorded answers, the offline model answers the rest;
          none reaches a provider.
        </>
      }
      contentClassName="space-y-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={!canRun || dirty || run.active}
          pending={start.starting}
          onClick={() => start.start({ keys: [caseKey], mode: "frozen", k: 1 })}
        >
          <Play aria-hidden="true" />
          Run this case
        </Button>
        {dirty ? <span className="text-muted-foreground text-xs">Save first: a run plays the saved case.</span> : null}
        {run.view && run.active ? (
          <>
            <span className="text-sm" aria-live="polite">
              {runProgressText(run.view)}
            </span>
            <Button type="button" variant="ghost" size="sm" pending={run.cancelling} onClick={run.cancel}>
              Cancel
            </Button>
          </>
        ) : null}
      </div>
      {start.error ? <Alert variant="danger">{start.error}</Alert> : null}
      {run.error ? <Alert variant="danger">{run.error}</Alert> : null}
      {run.view?.status === "failed" ? <Alert variant="danger">The run failed: {run.view.error}</Alert> : null}
      {run.report && !result ? (
        <Alert variant="warning">The case did not run: it is disabled. Enable it and save to run it.</Alert>
      ) : null}
      {result ? (
        <div className="space-y-2" data-testid="case-run-result">
          <p className="flex items-center gap-2 text-sm">
            <CaseStatusBadge status={result.status} />
            <span>
              {result.status === "passed"
                ? `Every assertion held · pass^1 ${percent(result.pass_1)}`
                : `${plural(result.detail.failures.length, "assertion")} failed`}
            </span>
          </p>
          {result.status === "passed" ? null : <CaseFailures detail={result.detail} ruleNames={ruleNames} />}
        </div>
      ) : null}
    </SectionCard>
  );
}

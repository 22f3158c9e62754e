"use client";

import Link from "next/link";
import { useMemo } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { groupImpact, progressText } from "@/lib/replay/impact-groups";
import type { ImpactPreview } from "@/lib/replay/replay-types";
import { ImpactSummary } from "./impact-summary";
import { ImpactTurnList } from "./impact-turn-list";
import { TestsComparison } from "./tests-comparison";
import type { PreviewPhase } from "./use-impact-preview";

interface ImpactPreviewBodyProps {
  agentKey: string;
  state: PreviewPhase;
  onCancel: () => void;
  onRetry: () => void;
}

/** What the preview drawer shows in each phase: progress with Cancel, the report, or what to do next. */
export function ImpactPreviewBody({ agentKey, state, onCancel, onRetry }: ImpactPreviewBodyProps) {
  switch (state.phase) {
    case "idle":
      return null;
    case "running":
      return <Progress progress={state.progress} onCancel={onCancel} />;
    case "cancelled":
      return (
        <EmptyState
          title="Preview cancelled"
          description="Nothing was replayed to the end. Preview again when you are ready."
          action={<Button onClick={onRetry}>Preview again</Button>}
        />
      );
    case "failed":
      return (
        <div className="space-y-3">
          <Alert variant="danger">{state.message}</Alert>
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      );
    case "done":
      return <PreviewResult agentKey={agentKey} preview={state.preview} />;
  }
}

function Progress({ progress, onCancel }: { progress: { done: number; total: number } | null; onCancel: () => void }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="space-y-3" data-testid="impact-progress">
      <div className="flex items-center gap-3">
        <p className="text-sm" aria-live="polite">
          {progressText(progress)}
        </p>
        <Button variant="outline" size="sm" className="ml-auto" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Sessions replayed"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function PreviewResult({ agentKey, preview }: { agentKey: string; preview: ImpactPreview }) {
  const groups = useMemo(() => groupImpact(preview.report), [preview.report]);
  if (!preview.changes_config) {
    return (
      <EmptyState
        title="This draft is the saved configuration"
        description="Nothing to replay: change something in the editor, then preview again."
      />
    );
  }
  const tests = <TestsComparison agentKey={agentKey} tests={preview.tests} />;
  if (preview.report.counts.sessions === 0) {
    return (
      <div className="space-y-5">
        {tests}
        <EmptyState
          title="No conversations to replay yet"
          description="No conversations to replay yet: talk to the agent in the Sandbox, then preview again."
          action={
            <Button asChild variant="outline">
              <Link href={`/agents/${encodeURIComponent(agentKey)}/sandbox`} target="_blank" rel="noopener">
                Open the Sandbox in a new tab
              </Link>
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <ImpactSummary preview={preview} groups={groups} />
      {tests}
      {preview.report.turns.length > 0 ? (
        <ImpactTurnList agentKey={agentKey} turns={preview.report.turns} />
      ) : (
        <p className="rounded-lg border border-border border-dashed p-3 text-muted-foreground text-sm">
          Every replayed turn came out the same: this draft would not have changed a reply, an outcome or a rule that
          fired.
        </p>
      )}
    </div>
  );
}

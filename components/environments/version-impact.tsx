"use client";

import { Activity } from "lucide-react";
import { useReplayRun } from "@/components/replay/use-replay-run";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Stat } from "@/components/ui/stat";
import { changedHeadline, countOf, progressText } from "@/lib/replay/impact-groups";

interface VersionImpactProps {
  /** Where the promotion would go, with the environment's latest sessions with turns, newest first. */
  promotion: { agentKey: string; environment: string; recentSessionIds: string[] };
  /** The version the promotion would serve. */
  version: number;
}

/**
 * A promotion's impact preview (docs/environments.md#promote): the environment's latest sessions
 * replayed on the version to promote, frozen (the recorded model answers, no new model calls, nothing
 * saved), each turn set beside what it did under the version it ran at. The dialog keys it by version:
 * choosing another version starts from an empty preview.
 */
export function VersionImpact({ promotion, version }: VersionImpactProps) {
  const { agentKey, environment, recentSessionIds: sessionIds } = promotion;
  const replay = useReplayRun(agentKey, sessionIds);
  if (sessionIds.length === 0) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="promotion-impact-empty">
        No conversations in {environment} yet, so there is nothing to replay on v{version}.
      </p>
    );
  }
  const view = replay.view;
  const report = view?.status === "done" ? view.report : null;
  return (
    <section aria-label="Impact of the promotion" className="space-y-2" data-testid="promotion-impact">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          pending={replay.starting}
          disabled={replay.active}
          onClick={() => replay.start(version)}
        >
          <Activity aria-hidden="true" />
          Preview impact
        </Button>
        <span className="text-muted-foreground text-xs" aria-live="polite">
          {replay.active && view
            ? view.status === "queued"
              ? "Waiting for another replay to finish…"
              : progressText(view.progress)
            : `Replays the latest ${countOf(sessionIds.length, "conversation")} of ${environment} on v${version}, with the model answers they recorded.`}
        </span>
      </div>
      {replay.error ? <Alert variant="danger">{replay.error}</Alert> : null}
      {view?.status === "failed" ? (
        <Alert variant="danger">The replay failed: {view.error ?? "see the server log."}</Alert>
      ) : null}
      {report ? (
        <div className="space-y-2">
          <p className="font-medium text-sm" data-testid="promotion-impact-headline">
            {changedHeadline(report.counts)} on v{version}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Stat label="Outcome changes" value={report.counts.outcome_changes} />
            <Stat
              label="Newly blocked replies"
              value={report.counts.newly_blocked}
              hint={`${report.counts.newly_unblocked} newly unblocked`}
            />
            <Stat label="Not replayable" value={report.counts.not_replayable} />
            <Stat label="Model calls" value={`${report.model_calls.before} → ${report.model_calls.after}`} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

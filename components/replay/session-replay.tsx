"use client";

import { History } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { progressText } from "@/lib/replay/impact-groups";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SessionReplayContext } from "@/lib/replay/server/load-session-replay-context";
import { SessionReplayReport } from "./session-replay-report";
import { useReplayRun } from "./use-replay-run";

interface SessionReplayProps {
  agentKey: string;
  context: SessionReplayContext;
  currentTurnId: string;
  /** Designers and admins start replays; others see the control disabled and why. */
  canReplay: boolean;
}

const ENDED: Record<string, string> = {
  failed: "The replay failed",
  cancelled: "The replay was cancelled before it finished.",
};

/** "Replay this session": every turn re-run on the current or a kept earlier configuration, beside what it did. */
export function SessionReplay({ agentKey, context, currentTurnId, canReplay }: SessionReplayProps) {
  const replay = useReplayRun(agentKey, [context.sessionId]);
  const [version, setVersion] = useState(context.currentVersion);
  const view = replay.view;
  const running = replay.active;
  return (
    <SectionCard
      data-testid="session-replay"
      title="Replay this session"
      description={
        <>
          Re-runs every turn of this session on a configuration, with the model answers it recorded (no new model calls,
          nothing saved), and sets each turn beside what it did then.
        </>
      }
      contentClassName="space-y-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs" htmlFor="replay-config-version">
          <span className="text-muted-foreground">Configuration</span>
          <NativeSelect
            id="replay-config-version"
            className="w-56"
            value={String(version)}
            disabled={!canReplay || running}
            onChange={(event) => setVersion(Number(event.target.value))}
          >
            <ValueOptions
              values={context.configVersions}
              label={(v) => (v === context.currentVersion ? `v${v} (current)` : `v${v}`)}
            />
          </NativeSelect>
        </label>
        <Button
          type="button"
          disabled={!canReplay || running}
          pending={replay.starting}
          onClick={() => replay.start(version === context.currentVersion ? null : version)}
        >
          <History aria-hidden="true" />
          Replay this session
        </Button>
        {running && view ? (
          <>
            <span className="text-sm" aria-live="polite">
              {view.status === "queued" ? "Waiting for another replay to finish…" : progressText(view.progress)}
            </span>
            <Button type="button" variant="outline" pending={replay.cancelling} onClick={replay.cancel}>
              Cancel
            </Button>
          </>
        ) : null}
      </div>
      {canReplay ? (
        <p className="text-muted-foreground text-xs">
          Earlier versions are listed when the agent kept them; versions from before that are not replayable.
        </p>
      ) : (
        <p className="text-muted-foreground text-xs" data-testid="replay-viewer-note">
          Read-only: a designer can replay this session.
        </p>
      )}
      {replay.error ? <Alert variant="danger">{replay.error}</Alert> : null}
      {view && ENDED[view.status] ? (
        <Alert variant={view.status === "failed" ? "danger" : "warning"}>
          {view.status === "failed" ? `${ENDED.failed}: ${view.error ?? "see the server log."}` : ENDED.cancelled}{" "}
          Replay again to see the comparison.
        </Alert>
      ) : null}
      {view?.status === "done" && view.report ? (
        <SessionReplayReport agentKey={agentKey} report={view.report} context={context} currentTurnId={currentTurnId} />
      ) : null}
    </SectionCard>
  );
}

import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
// biome-ignore lint/style/noRestrictedImports: type-only import, erased from the browser bundle: the page loads this shape on the server and passes it as props
import type { SandboxData } from "@/lib/sandbox/server/load-sandbox";
import { continuityByDefault, continuityReason } from "@/lib/turns/continuity-reason";
import type { SessionView, TurnView } from "@/lib/turns/turn-view";

type SandboxContinuity = SandboxData["continuity"];

import { GoalSection } from "./goal-section";
import { KeyValueTable } from "./key-value-table";
import { formatUtc } from "./sandbox-format";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h3 className="font-medium text-muted-foreground text-xs">{title}</h3>
      {children}
    </section>
  );
}

/** A titled section of name/value pairs (variables, the profile), or what fills them while there are none. */
function FieldsSection(props: { title: string; values: Record<string, unknown>; label: string; empty: string }) {
  const rows = Object.entries(props.values);
  return (
    <Section title={props.title}>
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-xs">{props.empty}</p>
      ) : (
        <KeyValueTable label={props.label} rows={rows} />
      )}
    </Section>
  );
}

interface SessionStatePanelProps {
  session: SessionView;
  /** The newest turn: the goal it ran on and whether continuity ran for it. */
  latest: TurnView | null;
  /** Set when the panel shows an older turn: the state below is the session's current one. */
  viewingOlderTurn: boolean;
  canPost: boolean;
  continuity: SandboxContinuity;
  goalRestored: boolean;
  onGoalRestored: () => void;
}

function continuityText(session: SessionView, continuity: SandboxContinuity) {
  if (session.continuityEnabled !== null) return `${session.continuityEnabled ? "on" : "off"} for this session`;
  const { deploymentOn, agentOn } = continuity;
  return (
    <>
      {continuityByDefault(deploymentOn, agentOn) ? "on" : "off"} by default:{" "}
      <span className="text-muted-foreground">{continuityReason(deploymentOn, agentOn)}</span>
    </>
  );
}

/** The session as the engine will see it on the next turn: where it is, its variables and profile. */
export function SessionStatePanel({
  session,
  latest,
  viewingOlderTurn,
  canPost,
  continuity,
  goalRestored,
  onGoalRestored,
}: SessionStatePanelProps) {
  return (
    <div data-testid="state-panel" className="flex flex-col gap-4">
      {viewingOlderTurn ? (
        <p className="rounded-md bg-muted px-2 py-1.5 text-muted-foreground text-xs">
          Sessions store only their current state: this is the state after the latest turn.
        </p>
      ) : null}
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-xs">
        <dt className="text-muted-foreground">Scenario › step</dt>
        <dd>
          {session.activeScenario ? (
            <>
              {session.activeScenario.name}
              {session.activeStep ? ` › ${session.activeStep.name}` : ""}
            </>
          ) : (
            <span className="text-muted-foreground">none yet</span>
          )}
        </dd>
        <dt className="text-muted-foreground">Turns</dt>
        <dd className="font-mono tabular-nums">{session.turnCount}</dd>
        <dt className="text-muted-foreground">Session</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <Mono truncate className="max-w-[16rem]">
            {session.id}
          </Mono>
          <CopyButton value={session.id} label="session id" />
        </dd>
        {session.customerRef ? (
          <>
            <dt className="text-muted-foreground">Customer ref</dt>
            <dd className="min-w-0">
              <Mono truncate className="max-w-full">
                {session.customerRef}
              </Mono>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Started</dt>
        <dd className="font-mono">{formatUtc(session.createdAt)}</dd>
        <dt className="text-muted-foreground">Continuity</dt>
        <dd data-testid="state-continuity" className="min-w-0">
          {continuityText(session, continuity)}
        </dd>
      </dl>
      <Section title="Goal">
        <GoalSection
          sessionId={session.id}
          goal={latest?.provenance.goal ?? null}
          canPost={canPost}
          restored={goalRestored}
          onRestored={onGoalRestored}
        />
      </Section>
      <FieldsSection
        title="Variables"
        values={session.variables}
        label="Session variables"
        empty="No variables yet: tools and extracted replies set them."
      />
      <FieldsSection
        title="Profile"
        values={session.profile}
        label="Customer profile"
        empty="No profile fields yet: the sensor fills them from what the customer says."
      />
    </div>
  );
}

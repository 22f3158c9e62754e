import { Unlink } from "lucide-react";
import type { ReactNode } from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { Mono } from "@/components/ui/mono";
import type { TurnView } from "@/lib/turns/turn-view";
import {
  type ContinuityDecision,
  type ContinuityTelemetryView,
  readContinuityTelemetry,
  selectionLoopRan,
} from "./continuity-telemetry";
import { JsonBlock } from "./key-value-table";

const CONTINUITY_OFF_TEXT =
  "Continuity was off for this turn — turn it on in the header to let follow-ups like 'open the sample2 pls' resolve without a clarifier.";

const DECISION: Record<ContinuityDecision, { variant: BadgeVariant; word: string }> = {
  resolved: { variant: "success", word: "resolved" },
  clarify: { variant: "outcome-clarified", word: "clarified" },
  skip: { variant: "neutral", word: "passed through" },
};

// A SHA-256 hex is 64 characters; 12 tell two fingerprints apart at a glance, the rest is in the title.
const FINGERPRINT_CHARS = 12;

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-medium text-muted-foreground text-xs">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Facts({ children, label }: { children: ReactNode; label: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-[max-content_minmax(0,1fr)] items-center gap-x-3 gap-y-1 rounded-md border border-border px-2 py-1.5 text-xs"
    >
      {children}
    </dl>
  );
}

/** A fact under its plain label; the stored field name shows on hover (`field`). */
function Fact({ term, field, children }: { term: string; field?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground" title={field}>
        {term}
      </dt>
      <dd className="flex min-w-0 items-center gap-1">{children}</dd>
    </>
  );
}

const None = ({ children = "—" }: { children?: ReactNode }) => (
  <span className="text-muted-foreground">{children}</span>
);

/** An id or hash: monospace, cut to a readable length, the whole value in the title and the copy button. */
function CopyableId({ value, label, chars }: { value: string | null; label: string; chars?: number }) {
  if (!value) return <None />;
  return (
    <>
      <Mono truncate={chars ?? true} className={chars ? undefined : "max-w-full"}>
        {value}
      </Mono>
      <CopyButton value={value} label={label} className="-my-1" />
    </>
  );
}

function headline(t: ContinuityTelemetryView): ReactNode {
  if (t.decision === "resolved" && t.winner) {
    const how = t.reasons.includes("deterministic_continuity_resolve")
      ? "by the deterministic tie-break, with no model call"
      : "by one bounded model call";
    return (
      <>
        Picked <Mono className="font-medium text-foreground">{t.winner.id}</Mono>{" "}
        <span className="text-muted-foreground">({t.winner.label})</span> from the offered options {how}; no clarifier.
      </>
    );
  }
  if (t.decision === "clarify") {
    return "Could not pick one option safely, so the agent asked a clarifier grounded in the offered options.";
  }
  return "Not a pick from offered options: the normal pipeline (sensor, routing, rules…) handled this turn.";
}

function DecisionCard({ t }: { t: ContinuityTelemetryView }) {
  const decision = DECISION[t.decision];
  return (
    <div className="space-y-2 rounded-md border border-border px-2.5 py-2 text-xs">
      <p className="leading-5">
        <Badge
          variant={decision.variant}
          data-testid="continuity-decision"
          title={t.summary ? `Span decision: ${t.summary}` : undefined}
          className="mr-1.5 align-[1px]"
        >
          {decision.word}
        </Badge>
        {headline(t)}
      </p>
      {t.reasons.length ? (
        <details className="text-muted-foreground">
          <summary className="cursor-pointer">Details</summary>
          <div className="mt-1 flex flex-wrap items-center gap-1" data-testid="continuity-reasons">
            <span className="mr-0.5">Recorded reasons:</span>
            {t.reasons.map((reason) => (
              <Badge key={reason} variant="info" className="font-mono">
                {reason}
              </Badge>
            ))}
          </div>
        </details>
      ) : null}
      {t.blockedReason ? (
        <p>
          <span className="text-muted-foreground">Not picked because:</span>{" "}
          <span data-testid="continuity-blocked">{t.blockedReason}</span>
        </p>
      ) : null}
      {t.fallbackReason ? (
        <p className="flex items-center gap-1">
          <span className="text-muted-foreground">Fallback reason:</span>
          <Badge variant="outcome-fallback" className="font-mono">
            {t.fallbackReason}
          </Badge>
        </p>
      ) : null}
      {t.blockedReason === "no active option set" ? (
        <p className="text-muted-foreground">
          Nothing to pick from yet: when a tool returns a list (e.g. the customer's orders), it becomes the active
          option set and the next turn can name one of its items.
        </p>
      ) : null}
    </div>
  );
}

function Candidates({ t }: { t: ContinuityTelemetryView }) {
  if (t.candidates.length === 0) {
    return <p className="text-muted-foreground text-xs">No candidates: no option set was active at this turn.</p>;
  }
  return (
    <ul aria-label="Candidates" className="divide-y divide-border rounded-md border border-border text-xs">
      {t.candidates.map((c) => {
        const won = t.winner?.id === c.id;
        const why = t.nonWinners.get(c.id);
        return (
          <li
            key={c.id}
            data-testid="continuity-candidate"
            data-winner={won || undefined}
            className={cn("space-y-0.5 px-2 py-1.5", won && "bg-success-bg/60")}
          >
            <div className="flex min-w-0 items-start gap-1.5">
              <Mono className={cn("shrink-0 leading-5", won && "font-semibold text-foreground")}>{c.id}</Mono>
              <span className="min-w-0 flex-1 break-words leading-5">
                {c.label}
                {c.sublabel ? <span className="text-muted-foreground"> · {c.sublabel}</span> : null}
              </span>
              {won ? (
                <Badge variant="success" className="mt-0.5">
                  ✓ winner
                </Badge>
              ) : null}
            </div>
            {!won && why ? <p className="text-[11px] text-muted-foreground">{why}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

function SelectionLoop({ t }: { t: ContinuityTelemetryView }) {
  const unchanged = t.fingerprintAfter !== null && t.fingerprintAfter === t.fingerprintBefore;
  return (
    <>
      {selectionLoopRan(t) ? null : (
        <p className="text-muted-foreground text-xs">
          The bounded model loop did not run for this turn: no loop cycle, fingerprints or retry budget.
        </p>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">
          Details{unchanged ? " · the options did not change between tries" : ""}
        </summary>
        <Facts label="Selection loop">
          <Fact term="Loop cycle" field="loop_cycle_id">
            <CopyableId value={t.loopCycleId} label="loop cycle id" />
          </Fact>
          <Fact term="Options before" field="fingerprint_before">
            <CopyableId value={t.fingerprintBefore} label="fingerprint before" chars={FINGERPRINT_CHARS} />
          </Fact>
          <Fact term="Options after" field="fingerprint_after">
            <CopyableId value={t.fingerprintAfter} label="fingerprint after" chars={FINGERPRINT_CHARS} />
            {unchanged ? <Badge variant="warning">unchanged</Badge> : null}
          </Fact>
          <Fact term="Try" field="retry_attempt_index">
            <Mono>{t.retryAttemptIndex === null ? "—" : t.retryAttemptIndex + 1}</Mono>
          </Fact>
          <Fact term="Tries left" field="retry_budget_remaining">
            {t.retryBudgetRemaining === null ? <None /> : <Mono>{t.retryBudgetRemaining}</Mono>}
          </Fact>
          <Fact term="Fallback" field="fallback_reason">
            {t.fallbackReason ? <Mono>{t.fallbackReason}</Mono> : <None>none</None>}
          </Fact>
        </Facts>
      </details>
    </>
  );
}

/** ContinuityState as far as this turn's telemetry shows it (the session view carries no sidecar). */
function DerivedState({ t }: { t: ContinuityTelemetryView }) {
  return (
    <>
      <Facts label="Continuity state">
        <Fact term="Offered options" field="activeOptionSetId">
          <CopyableId value={t.activeOptionSetId} label="active option set id" />
        </Fact>
        <Fact term="Scope" field="activeScope">
          {t.activeScope ? <Mono>{t.activeScope}</Mono> : <None />}
        </Fact>
        {t.decision === "resolved" && t.winner ? (
          <>
            <Fact term="Last choice" field="lastAcceptedChoiceId">
              <Mono>{t.winner.id}</Mono>
            </Fact>
            <Fact term="Waiting for" field="pendingClarifierType">
              <Mono>none</Mono>
            </Fact>
          </>
        ) : null}
      </Facts>
      <p className="text-[11px] text-muted-foreground leading-4">
        The active set and scope as this turn started
        {t.decision === "resolved" ? ", and what its pick wrote" : ""}. The full state (recent action trace, accepted
        and rejected windows) is kept with the session.
      </p>
    </>
  );
}

/** The selected turn's continuity telemetry: decision and why, options, loop and state. */
export function ContinuityPanel({ turn }: { turn: TurnView }) {
  const t = readContinuityTelemetry(turn);
  if (!t) {
    return (
      <div
        data-testid="continuity-panel"
        className="flex flex-col items-center gap-2 rounded-lg border border-border border-dashed px-4 py-8 text-center"
      >
        <Unlink aria-hidden="true" className="size-5 text-muted-foreground" />
        <p data-testid="continuity-off" className="max-w-xs text-muted-foreground text-sm">
          {CONTINUITY_OFF_TEXT}
        </p>
      </div>
    );
  }
  return (
    <div data-testid="continuity-panel" className="flex flex-col gap-4">
      <DecisionCard t={t} />
      <Section
        title="Active option set"
        aside={t.activeScope ? <span className="text-[11px] text-muted-foreground">scope {t.activeScope}</span> : null}
      >
        {t.activeOptionSetId ? (
          <p className="flex min-w-0 items-center gap-1 text-xs">
            <CopyableId value={t.activeOptionSetId} label="option set id" />
          </p>
        ) : null}
        <Candidates t={t} />
      </Section>
      <Section title="Selection loop">
        <SelectionLoop t={t} />
      </Section>
      <Section title="Continuity state">
        <DerivedState t={t} />
      </Section>
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Raw telemetry</summary>
        <JsonBlock value={t.raw} className="mt-1.5" />
      </details>
    </div>
  );
}

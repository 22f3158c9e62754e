import { OutcomeBadge } from "@/components/impact-preview/outcome-badge";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Mono } from "@/components/ui/mono";
import { failureSentence, type RuleNames } from "@/lib/conversation-tests/failure-sentence";
import type { CaseTry, CaseTurnResult } from "@/lib/conversation-tests/test-types";
import { plural } from "@/lib/text/plural";
import { FailureText } from "./failure-text";

const SERVED = {
  tape: "recorded answers replayed",
  diverged: "the model's answer differed from the recorded one",
  provider: "no recording: the model ran",
} as const;

/** What a turn did: the trace of a failing assertion. */
function TurnTrace({ turn }: { turn: CaseTurnResult }) {
  const f = turn.facts;
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-xs" data-testid="turn-trace">
      <dt className="text-muted-foreground">Message</dt>
      <dd>{turn.message}</dd>
      <dt className="text-muted-foreground">Reply</dt>
      <dd className="whitespace-pre-wrap">{f.response || "—"}</dd>
      <dt className="text-muted-foreground">Outcome</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={f.outcome} />
        <span className="text-muted-foreground">
          {plural(f.modelCalls, "model call")} · {SERVED[turn.served]}
        </span>
      </dd>
      <dt className="text-muted-foreground">Step</dt>
      <dd>
        <Mono>{f.step ?? f.scenario ?? "no scenario"}</Mono>
      </dd>
      <dt className="text-muted-foreground">Rules fired</dt>
      <dd>
        <Mono>{f.rulesFired.join(", ") || "none"}</Mono>
      </dd>
      <dt className="text-muted-foreground">Caught</dt>
      <dd>
        <Mono>{f.rulesViolated.join(", ") || "none"}</Mono>
      </dd>
    </dl>
  );
}

/** A failing case's try: each failed assertion with its detail, beside the facts of its turn. */
export function CaseFailures({ detail, ruleNames }: { detail: CaseTry; ruleNames: RuleNames }) {
  if (detail.error) return <Alert variant="danger">{detail.error}</Alert>;
  const failedTurns = detail.turns.filter((t) => t.assertions.some((a) => !a.passed));
  const failedConversation = detail.conversation.filter((a) => !a.passed);
  return (
    <div className="space-y-2">
      {failedTurns.map((turn) => (
        <div key={turn.index} className="space-y-2 rounded-md border border-border bg-muted/30 p-2">
          <p className="font-medium text-xs">Turn {turn.index + 1}</p>
          <ul className="space-y-1">
            {turn.assertions
              .filter((a) => !a.passed)
              .map((a) => (
                <li key={a.path} className="flex flex-wrap items-baseline gap-2 text-xs" data-testid="failure-sentence">
                  <Badge variant="danger">failed</Badge>
                  <FailureText text={failureSentence(a, turn.index, ruleNames)} />
                </li>
              ))}
          </ul>
          <TurnTrace turn={turn} />
        </div>
      ))}
      {failedConversation.map((a) => (
        <p key={a.path} className="flex flex-wrap items-baseline gap-2 text-xs" data-testid="failure-sentence">
          <Badge variant="danger">failed</Badge>
          <FailureText text={failureSentence(a, null, ruleNames)} />
        </p>
      ))}
    </div>
  );
}

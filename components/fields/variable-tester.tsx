"use client";

import { useState } from "react";
import { TesterNoResult } from "@/components/config-editor/tester-no-result";
import { TesterPanel } from "@/components/config-editor/tester-panel";
import { useTesterResult } from "@/components/config-editor/use-tester-result";
import { Badge } from "@/components/ui/badge";
import { LabelledControl } from "@/components/ui/labelled-control";
import { Mono } from "@/components/ui/mono";
import { Textarea } from "@/components/ui/textarea";
import { checkVariableAction } from "@/lib/actions/fields/check-variable";
import type { ResponseVariable } from "@/lib/fields/field-action-schemas";
import type { PatternMatch, PatternResult, PhraseHit, VariableTest } from "@/lib/fields/variable-tester";

type TestResult = Awaited<ReturnType<typeof checkVariableAction>>;

const FORM_WORDS = {
  raw: "as written",
  normalized: "normalized",
  canonical: "normalized + money",
  joined: "joined",
  money: "context words",
  folded: "as a name",
} as const;
const FORM_HINTS = {
  raw: "found in the reply as generated",
  normalized: "found after removing invisible characters, accents, look-alike letters and letter spacing",
  canonical: "found after normalizing and writing every money mention as $<amount>",
  joined: "found after removing markup, joining broken lines, reading leetspeak and camelCase joins",
  money: "an amount within a few words of a context word",
  folded:
    "a listed name, after removing invisible characters, accents and look-alike letters, with any separator between its words",
} as const;

/**
 * The pattern tester: a pasted reply through the draft loop's own extraction stage on the server,
 * with the patterns as typed. Shows the value enforcement would see and, per pattern, each match
 * with the form of the reply it was found in.
 */
type TestedVariable = Pick<
  ResponseVariable,
  "name" | "type" | "patterns" | "currency" | "context_words" | "limit_words" | "rates" | "phrases"
>;

export function VariableTester({ variable }: { variable: TestedVariable }) {
  const [reply, setReply] = useState("");
  const shown = useTesterResult(
    reply,
    (typed) => ({
      name: variable.name,
      type: variable.type,
      patterns: variable.patterns,
      currency: variable.currency,
      context_words: variable.context_words,
      limit_words: variable.limit_words,
      rates: variable.rates,
      phrases: variable.phrases,
      reply: typed,
    }),
    checkVariableAction,
  );
  const label = variable.name.trim() || "this variable";
  return (
    <TesterPanel
      id="variable-tester"
      title="Tester"
      intro="Paste a reply the agent might give; the engine's own extraction runs it with the patterns as typed."
    >
      <LabelledControl id="variable-tester-reply" label="Reply">
        <Textarea
          id="variable-tester-reply"
          value={reply}
          placeholder="I'll process a $75 refund for you today."
          onChange={(event) => setReply(event.target.value)}
          className="min-h-24 text-xs"
        />
      </LabelledControl>
      <Extracted result={shown} name={label} type={variable.type} />
      {shown?.ok && shown.data.money ? <MoneyResult money={shown.data.money} name={label} /> : null}
      {shown?.ok && shown.data.phrases ? <PhrasesResult hits={shown.data.phrases} /> : null}
      {shown?.ok && variable.patterns.length > 0 ? (
        <ol className="space-y-2" aria-label="Each pattern">
          {shown.data.patterns.map((pattern) => (
            <PatternRow key={pattern.index} result={pattern} source={variable.patterns[pattern.index] ?? ""} />
          ))}
        </ol>
      ) : null}
      {shown?.ok && shown.data.warnings.length > 0 ? (
        <ul className="space-y-1 text-warning text-xs" aria-label="Warnings">
          {shown.data.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </TesterPanel>
  );
}

function Extracted({
  result,
  name,
  type,
}: {
  result: TestResult | null;
  name: string;
  type: ResponseVariable["type"];
}) {
  if (!result?.ok) {
    return (
      <TesterNoResult
        testId="variable-test-result"
        failure={result}
        prompt={<>Paste a reply to see what {name} would be.</>}
      />
    );
  }
  const values = result.data.values;
  if (values === null) {
    return (
      <p data-testid="variable-test-result" data-state="unresolved" aria-live="polite" className="text-xs">
        <Badge variant="warning">unresolved</Badge>{" "}
        <span>
          {type === "money" ? "No amount bound" : "No pattern matched"}: a lane-1 rule that reads {name} reports
          unresolved, never passed.
        </span>
      </p>
    );
  }
  const shown = values.map((value) => JSON.stringify(value)).join(", ");
  const yesNo = type === "boolean" || type === "phrases";
  return (
    <p
      data-testid="variable-test-result"
      data-state={yesNo ? String(values[0]) : "resolved"}
      aria-live="polite"
      className="flex flex-wrap items-center gap-1.5 text-xs"
    >
      <Badge variant={yesNo && values[0] === false ? "neutral" : "info"}>extracted</Badge>
      <Mono>
        {name} = {values.length > 1 ? `[${shown}]` : shown}
      </Mono>
      {values.length > 1 ? <span className="text-muted-foreground">every value must pass each rule</span> : null}
    </p>
  );
}

function MoneyResult({ money, name }: { money: NonNullable<VariableTest["money"]>; name: string }) {
  return (
    <div data-testid="money-test-result" className="space-y-1 text-xs">
      {money.total !== null ? (
        <p className="flex flex-wrap items-center gap-1.5">
          <Badge variant="info">total</Badge>
          <Mono>
            {name}_total = {money.total}
          </Mono>
          <span className="text-muted-foreground">rules on {name} are also checked at the total</span>
        </p>
      ) : null}
      {money.unresolved.length > 0 ? (
        <p className="flex flex-wrap items-center gap-1.5">
          <Badge variant="warning">unresolved</Badge>
          <span>{money.unresolved.join(", ")}: no rate, so a rule reading it cannot decide (blocks by default).</span>
        </p>
      ) : null}
      {money.bound.length > 0 ? <MatchList matches={money.bound} label="Amounts bound by context words" /> : null}
      {money.limits.length > 0 ? (
        <p data-testid="money-limits" className="flex flex-wrap items-center gap-1.5">
          <Badge variant="neutral">limits</Badge>
          <Mono>{money.limits.join(", ")}</Mono>
          <span className="text-muted-foreground">read as a limit, price or total, not a promise: not counted</span>
        </p>
      ) : null}
    </div>
  );
}

/** The form of the reply a match was found in, with how that form is made as its title. */
function FormBadge({ form }: { form: keyof typeof FORM_WORDS }) {
  return (
    <Badge variant="neutral" title={FORM_HINTS[form]}>
      {FORM_WORDS[form]}
    </Badge>
  );
}

/** Each listed name the reply contains, with the span of the folded reply that matched it. */
function PhrasesResult({ hits }: { hits: PhraseHit[] }) {
  if (hits.length === 0) {
    return (
      <p data-testid="phrases-test-result" className="text-muted-foreground text-xs">
        No listed name in this reply.
      </p>
    );
  }
  return (
    <ul data-testid="phrases-test-result" className="space-y-1 text-xs" aria-label="Names found">
      {hits.map((hit, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each test
        <li key={i} data-testid="phrase-hit" className="rounded bg-muted px-2 py-1">
          <span className="flex flex-wrap items-center gap-1">
            <Mono>{hit.name}</Mono>
            <span className="text-muted-foreground">matched</span>
            {/* Quoted, with line breaks as \n: the separators that matched are what the designer checks. */}
            <Mono data-testid="phrase-span" className="whitespace-pre rounded border border-border bg-background px-1">
              {JSON.stringify(hit.span)}
            </Mono>
            <FormBadge form={hit.form} />
          </span>
          <span className="block break-words text-muted-foreground">{hit.excerpt}</span>
        </li>
      ))}
    </ul>
  );
}

/** Each match with its value, the form of the reply it was found in, and an excerpt. */
function MatchList({ matches, label }: { matches: PatternMatch[]; label?: string }) {
  return (
    <ul className="space-y-1" aria-label={label}>
      {matches.map((match, i) => (
        // Matches have no identity beyond their place in the engine's evidence list.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each test
        <li key={i} className="rounded bg-muted px-2 py-1">
          <span className="flex flex-wrap items-center gap-1">
            <Mono>{JSON.stringify(match.value)}</Mono>
            <FormBadge form={match.form} />
          </span>
          <span className="block break-words text-muted-foreground">{match.excerpt}</span>
        </li>
      ))}
    </ul>
  );
}

function PatternRow({ result, source }: { result: PatternResult; source: string }) {
  const count = result.matches.length;
  return (
    <li data-testid={`pattern-result-${result.index}`} data-matches={count} className="space-y-1 text-xs">
      <div className="flex items-start gap-1.5">
        <span className="w-4 shrink-0 text-right text-muted-foreground tabular-nums">{result.index + 1}.</span>
        <Mono className="min-w-0 [overflow-wrap:anywhere]">{result.blank ? "(blank)" : source}</Mono>
      </div>
      <div className="pl-5.5">
        {result.blank ? (
          <span className="text-muted-foreground">Blank: not run.</span>
        ) : count === 0 ? (
          <span className="text-muted-foreground">No match.</span>
        ) : (
          <MatchList matches={result.matches} />
        )}
        {result.problem ? <span className="block text-destructive">{result.problem}</span> : null}
      </div>
    </li>
  );
}

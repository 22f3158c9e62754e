"use client";

import { useState } from "react";
import { TesterNoResult } from "@/components/config-editor/tester-no-result";
import { TesterPanel } from "@/components/config-editor/tester-panel";
import { useTesterResult } from "@/components/config-editor/use-tester-result";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { LabelledControl } from "@/components/ui/labelled-control";
import { Mono } from "@/components/ui/mono";
import { checkFieldValueAction } from "@/lib/actions/fields/check-field-value";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import type { RuleVerdict } from "@/lib/fields/field-value-tester";

type TestResult = Awaited<ReturnType<typeof checkFieldValueAction>>;

const EXAMPLE: Record<ProfileField["field_type"], string> = {
  string: "vip",
  number: "1,250",
  boolean: "yes",
  date: "2025-03-14",
};

/**
 * The validation-rule tester: a value as the model would extract it, run through the sensor's own
 * validation on the server (rules as typed, not saved yet). Each rule gets its verdict; the top line
 * is what the turn would do: store the value in the profile, or reject it.
 */
export function FieldValueTester({ fieldType, rules }: { fieldType: ProfileField["field_type"]; rules: string[] }) {
  const [value, setValue] = useState("");
  const shown = useTesterResult(
    value,
    (typed) => ({ field_type: fieldType, validation_rules: rules, value: typed }),
    checkFieldValueAction,
  );
  return (
    <TesterPanel
      id="field-tester"
      title="Tester"
      intro="A value as the sensor would extract it; checked by the engine's own validation, with the rules as typed."
    >
      <LabelledControl id="field-tester-value" label="Value">
        <Input
          id="field-tester-value"
          value={value}
          placeholder={`e.g. ${EXAMPLE[fieldType]}`}
          onChange={(event) => setValue(event.target.value)}
          className="font-mono text-xs"
          autoComplete="off"
        />
      </LabelledControl>
      <Verdict result={shown} />
      {shown?.ok && rules.length > 0 ? (
        <ol className="space-y-1.5" aria-label="Each rule">
          {shown.data.rules.map((verdict) => (
            <RuleRow key={verdict.index} verdict={verdict} rule={rules[verdict.index] ?? ""} />
          ))}
        </ol>
      ) : null}
    </TesterPanel>
  );
}

function Verdict({ result }: { result: TestResult | null }) {
  if (!result?.ok) {
    return (
      <TesterNoResult
        testId="field-test-result"
        failure={result}
        prompt="Type a value to see whether the profile would keep it."
      />
    );
  }
  const test = result.data;
  return (
    <p
      data-testid="field-test-result"
      data-state={test.accepted ? "accepted" : "rejected"}
      aria-live="polite"
      className="flex flex-wrap items-center gap-1.5 text-xs"
    >
      {test.accepted ? (
        <>
          <Badge variant="success">accepted</Badge>
          <span>stored in the profile as</span>
          <Mono>{JSON.stringify(test.stored)}</Mono>
        </>
      ) : (
        <>
          <Badge variant="danger">rejected</Badge>
          <span>{test.reason}: the profile keeps its old value.</span>
        </>
      )}
    </p>
  );
}

const VERDICT_BADGE: Record<
  RuleVerdict["verdict"],
  { variant: "success" | "danger" | "warning" | "neutral"; word: string }
> = {
  pass: { variant: "success", word: "pass" },
  fail: { variant: "danger", word: "fail" },
  error: { variant: "warning", word: "error" },
  blank: { variant: "neutral", word: "blank" },
  skipped: { variant: "neutral", word: "not run" },
};

function RuleRow({ verdict, rule }: { verdict: RuleVerdict; rule: string }) {
  const badge = VERDICT_BADGE[verdict.verdict];
  return (
    <li
      data-testid={`field-test-rule-${verdict.index}`}
      data-verdict={verdict.verdict}
      className="flex items-start gap-1.5 text-xs"
    >
      <span className="w-4 shrink-0 text-right text-muted-foreground tabular-nums">{verdict.index + 1}.</span>
      <Badge variant={badge.variant}>{badge.word}</Badge>
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {rule.trim() === "" ? <span className="text-muted-foreground">blank row</span> : <Mono>{rule}</Mono>}
        {verdict.verdict === "error" ? <span className="block text-muted-foreground">{verdict.message}</span> : null}
      </span>
    </li>
  );
}

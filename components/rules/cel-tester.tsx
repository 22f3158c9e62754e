"use client";

import { type ReactNode, useEffect, useMemo, useState } from "react";
import { TesterPanel, TesterValue } from "@/components/config-editor/tester-panel";
import { Badge } from "@/components/ui/badge";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { evaluateRuleExpressionAction } from "@/lib/actions/rules/evaluate-rule-expression";
import type { CelDeclarations } from "@/lib/engine/cel/cel-environment";
import { expressionVariables } from "@/lib/engine/cel/evaluate-expression";
import { totalNameOf } from "@/lib/engine/contracts/money-variable";
import { moneyVariablesOf } from "./cel-expression-field";

// 300 ms after the last keystroke the tester asks the server; the parse status above answers sooner.
const TEST_DEBOUNCE_MS = 300;

type TestResult = Awaited<ReturnType<typeof evaluateRuleExpressionAction>>;

const PLACEHOLDER: Record<string, string> = {
  double: "a number, e.g. 75",
  string: "text",
  dyn: 'JSON, e.g. 20 or [{"amount": 20}]',
};

/**
 * The live tester beside the CEL field: one input per variable the expression uses (prefilled with
 * the declared ones), evaluated on the server with the agent's declarations. Blank is "no value",
 * which gives unresolved, as a turn without that variable would.
 */
export function CelTester({
  agentKey,
  expression,
  declarations,
}: {
  agentKey: string;
  expression: string;
  declarations: CelDeclarations;
}) {
  const settled = useDebouncedValue(expression, TEST_DEBOUNCE_MS);
  const names = useMemo(() => expressionVariables(settled), [settled]);
  const moneyVariables = useMemo(() => moneyVariablesOf(declarations), [declarations]);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const settledTexts = useDebouncedValue(texts, TEST_DEBOUNCE_MS);
  const [result, setResult] = useState<TestResult | null>(null);

  useEffect(() => {
    if (settled.trim() === "") return;
    let current = true;
    const values = Object.fromEntries(
      names.filter((name) => Object.hasOwn(declarations, name)).map((name) => [name, settledTexts[name] ?? ""]),
    );
    evaluateRuleExpressionAction({ agent_key: agentKey, expression: settled, values }).then((next) => {
      if (current) setResult(next);
    });
    return () => {
      current = false;
    };
  }, [agentKey, settled, names, declarations, settledTexts]);

  return (
    <TesterPanel
      id="cel-tester"
      title="Tester"
      intro="Type values; leave one blank to see a missing value."
      note={
        names.some((name) => moneyVariables.includes(name) || moneyVariables.some((m) => name === totalNameOf(m))) ? (
          <p data-testid="cel-tester-money-note" className="text-muted-foreground text-xs">
            On a turn, a money variable is tried at each amount the reply states and at their total (type 60 for “$30
            now and $30 later”); its <span className="font-mono">_total</span> is the sum alone.
          </p>
        ) : null
      }
    >
      {names.length === 0 ? (
        <p className="text-muted-foreground text-xs">The expression uses no variables.</p>
      ) : (
        names.map((name) => {
          const type = Object.hasOwn(declarations, name) ? declarations[name] : undefined;
          const id = `tester-${name}`;
          const error = result?.ok ? result.data.value_errors[name] : undefined;
          return (
            <TesterValue
              key={name}
              id={id}
              name={name}
              about={type ?? "not declared"}
              control={type === undefined ? "none" : type === "bool" ? "boolean" : "text"}
              value={texts[name] ?? ""}
              onChange={(value) => setTexts({ ...texts, [name]: value })}
              placeholder={type === undefined ? undefined : PLACEHOLDER[type]}
              error={error}
            />
          );
        })
      )}
      <TesterVerdict result={settled.trim() === "" ? null : result} />
    </TesterPanel>
  );
}

function TesterVerdict({ result }: { result: TestResult | null }) {
  if (!result) return <Verdict state="empty" badge={null} text="Write an expression to test it." />;
  if (!result.ok) return <Verdict state="failed" badge={<Badge variant="danger">error</Badge>} text={result.message} />;
  const evaluation = result.data.evaluation;
  switch (evaluation.result) {
    case true:
      return <Verdict state="true" badge={<Badge variant="success">true</Badge>} text="The reply passes this rule." />;
    case false:
      return (
        <Verdict
          state="false"
          badge={<Badge variant="danger">false</Badge>}
          text="A reply with these values violates the rule and is regenerated."
        />
      );
    case "unresolved":
      return (
        <Verdict state="unresolved" badge={<Badge variant="warning">unresolved</Badge>} text={evaluation.message} />
      );
    default:
      return <Verdict state="error" badge={<Badge variant="danger">error</Badge>} text={evaluation.message} />;
  }
}

function Verdict({ state, badge, text }: { state: string; badge: ReactNode; text: string }) {
  return (
    <div data-testid="tester-result" data-state={state} aria-live="polite" className="flex items-start gap-1.5 text-xs">
      {badge}
      <span>{text}</span>
    </div>
  );
}

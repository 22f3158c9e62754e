"use client";

import { CelExpressionField } from "@/components/rules/cel-expression-field";
import { Input } from "@/components/ui/input";
import { LabelledOptions, NativeSelect, ValueOptions } from "@/components/ui/select";
import { HANDOFF_REASON_WORDS } from "@/lib/conversation-tests/assertion-kinds";
import type { TestEditorOptions } from "@/lib/conversation-tests/tests-workspace";
import type { ConversationAssertion, TurnAssertion } from "@/lib/engine/contracts/test-case";
import { TURN_OUTCOMES } from "@/lib/engine/contracts/turn-outcome";

type Assertion = TurnAssertion | ConversationAssertion;

interface AssertionInputsProps {
  id: string;
  assertion: Assertion;
  options: TestEditorOptions;
  onChange: (next: Assertion) => void;
}

function RefSelect({
  id,
  label,
  value,
  choices,
  onChange,
  none,
}: {
  id: string;
  label: string;
  value: string | null;
  choices: { ref: string; label: string }[];
  onChange: (value: string | null) => void;
  /** The "no scenario" choice of scenario_is. */
  none?: string;
}) {
  const known = value === null || choices.some((c) => c.ref === value);
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value === "" && none ? null : e.target.value)}
      selectClassName="font-mono text-xs"
    >
      {none ? <option value="">{none}</option> : null}
      {known ? null : <option value={value ?? ""}>{value} (not in this agent)</option>}
      <LabelledOptions
        options={choices.map((c) => ({
          value: c.ref,
          label: `${c.ref} — ${c.label}`,
        }))}
      />
    </NativeSelect>
  );
}

/** The inputs of one assertion, by kind: pickers for what the agent defines, text for replies, CEL with its check. */
export function AssertionInputs({ id, assertion, options, onChange }: AssertionInputsProps) {
  switch (assertion.kind) {
    case "outcome_is":
    case "outcome_is_not":
      return (
        <NativeSelect
          id={id}
          aria-label="Outcome"
          value={assertion.outcome}
          onChange={(e) => onChange({ ...assertion, outcome: e.target.value as typeof assertion.outcome })}
          className="w-40"
        >
          <ValueOptions values={TURN_OUTCOMES} />
        </NativeSelect>
      );
    case "scenario_is":
      return (
        <RefSelect
          id={id}
          label="Scenario"
          value={assertion.scenario}
          choices={options.scenarios}
          none="no scenario"
          onChange={(scenario) => onChange({ ...assertion, scenario })}
        />
      );
    case "step_is":
    case "reaches_step":
      return (
        <RefSelect
          id={id}
          label="Step"
          value={assertion.step}
          choices={options.steps}
          onChange={(step) => onChange({ ...assertion, step: step ?? "" })}
        />
      );
    case "rule_fired":
    case "rule_not_fired":
    case "rule_violated":
    case "rule_not_violated":
      return (
        <RefSelect
          id={id}
          label="Rule"
          value={assertion.rule}
          choices={options.rules}
          onChange={(rule) => onChange({ ...assertion, rule: rule ?? "" })}
        />
      );
    case "reply_contains":
    case "reply_not_contains":
    case "reply_matches": {
      const isPattern = assertion.kind === "reply_matches";
      return (
        <Input
          id={id}
          aria-label={isPattern ? "Pattern" : "Text"}
          value={isPattern ? assertion.pattern : assertion.text}
          placeholder={isPattern ? "refund of \\$\\d+" : "up to $50"}
          onChange={(e) =>
            onChange(
              assertion.kind === "reply_matches"
                ? { ...assertion, pattern: e.target.value }
                : { ...assertion, text: e.target.value },
            )
          }
          className={isPattern ? "font-mono text-xs" : undefined}
        />
      );
    }
    case "cel":
      return (
        <div>
          <CelExpressionField
            id={id}
            label="Expression over what the reply stated (CEL)"
            placeholder="refund_amount <= 50"
            value={assertion.expression}
            declarations={options.declarations}
            onChange={(expression) => onChange({ ...assertion, expression })}
          />
        </div>
      );
    case "max_model_calls":
      return (
        <Input
          id={id}
          aria-label="Most model calls"
          type="number"
          min={0}
          max={50}
          value={assertion.max}
          onChange={(e) => onChange({ ...assertion, max: Number(e.target.value) || 0 })}
          className="w-20 font-mono"
        />
      );
    case "hands_off":
      return (
        <NativeSelect
          id={id}
          aria-label="Why"
          value={assertion.reason ?? ""}
          onChange={(e) =>
            onChange(
              e.target.value === ""
                ? { kind: assertion.kind }
                : { ...assertion, reason: e.target.value as keyof typeof HANDOFF_REASON_WORDS },
            )
          }
          className="w-48"
        >
          <option value="">for any reason</option>
          <LabelledOptions
            options={Object.entries(HANDOFF_REASON_WORDS).map(([reason, words]) => ({ value: reason, label: words }))}
          />
        </NativeSelect>
      );
    case "asks_for_approval":
      return (
        <RefSelect
          id={id}
          label="Tool"
          value={assertion.tool ?? null}
          choices={options.tools}
          none="any tool"
          onChange={(tool) => onChange(tool === null ? { kind: assertion.kind } : { ...assertion, tool })}
        />
      );
    case "cites":
      return (
        <Input
          id={id}
          aria-label="Source"
          value={assertion.source}
          placeholder="Store policies"
          onChange={(e) => onChange({ ...assertion, source: e.target.value })}
        />
      );
    case "opens_follow_up":
    case "abstains":
    case "never_falls_back":
    case "never_ships_lane1_failure":
      return null;
  }
}

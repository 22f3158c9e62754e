"use client";

import { useMemo } from "react";
import { CheckStatus, ErrorSpan } from "@/components/ui/check-status";
import { TextField } from "@/components/ui/text-field";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import type { CelDeclarations } from "@/lib/engine/cel/cel-environment";
import { checkExpression } from "@/lib/engine/cel/check-expression";
import { totalNameOf } from "@/lib/engine/contracts/money-variable";

// 250 ms: a pause in typing, short enough that the status feels live.
const PARSE_DEBOUNCE_MS = 250;

interface CelExpressionFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  declarations: CelDeclarations;
  /** The server's verdict at the last save; the live status below is the checker run in the browser. */
  errors?: string[];
  /** Another expression's words (a test's CEL assertion); a rule's enforcement expression by default. */
  label?: string;
  placeholder?: string;
}

/** Money variables: the declared names that have a `<name>_total` companion (money-variable.ts). */
export function moneyVariablesOf(declarations: CelDeclarations): string[] {
  return Object.keys(declarations).filter((name) => Object.hasOwn(declarations, totalNameOf(name)));
}

/** The lane-1 expression with its live parse status: the same pure checker the save runs. */
export function CelExpressionField({
  id,
  value,
  onChange,
  declarations,
  errors,
  label = "Enforcement expression (CEL)",
  placeholder = "refund_amount <= 50",
}: CelExpressionFieldProps) {
  const settled = useDebouncedValue(value, PARSE_DEBOUNCE_MS);
  const check = useMemo(() => checkExpression(settled, declarations, { resultType: "bool" }), [settled, declarations]);
  const declared = Object.entries(declarations)
    .map(([name, type]) => `${name} (${type})`)
    .join(", ");
  const statusId = `${id}-status`;
  const money = moneyVariablesOf(declarations);
  const moneyHint =
    money.length > 0
      ? ` Money (${money.join(", ")}): a rule must hold for each amount the reply states and for their total, so “$30 now and $30 later” checks 30, 30 and 60; ${money[0]}_total is that sum alone. An amount in a currency without a rate leaves the rule unresolved, which blocks by default.`
      : "";

  return (
    <div className="space-y-1.5">
      <TextField
        id={id}
        label={label}
        required
        errors={errors}
        hint={declared ? `Declared variables: ${declared}.${moneyHint}` : "No variables are declared yet."}
        multiline
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={statusId}
        inputClassName="min-h-14 font-mono text-xs"
      />
      <CheckStatus
        id={statusId}
        testId="cel-status"
        state={settled !== value ? "checking" : check.ok ? "ok" : "error"}
        className="space-y-1"
        badge={check.ok ? "OK" : check.kind === "syntax" ? "syntax error" : `${check.kind} error`}
        where={
          !check.ok && settled.trim() !== "" ? (
            <ErrorSpan source={settled} start={check.position} end={check.end} />
          ) : null
        }
      >
        {check.ok ? `parses and gives a ${check.type}` : check.message}
      </CheckStatus>
    </div>
  );
}

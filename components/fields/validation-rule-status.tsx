"use client";

import { useMemo } from "react";
import { CheckStatus, ErrorSpan } from "@/components/ui/check-status";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import type { ProfileField } from "@/lib/fields/field-action-schemas";
import { checkValidationRule, valueDeclarations } from "@/lib/fields/validation-rule-check";

// 250 ms: a pause in typing, short enough that the status feels live (as the rule editor's CEL field).
const PARSE_DEBOUNCE_MS = 250;

/**
 * One validation rule's live parse status under its input: the checker the save runs, in the browser,
 * with the offending characters marked.
 */
export function ValidationRuleStatus({
  id,
  rule,
  fieldType,
}: {
  id: string;
  rule: string;
  fieldType: ProfileField["field_type"];
}) {
  const settled = useDebouncedValue(rule, PARSE_DEBOUNCE_MS);
  const check = useMemo(() => checkValidationRule(settled, fieldType), [settled, fieldType]);
  const state = settled !== rule ? "checking" : settled.trim() === "" ? "blank" : check.ok ? "ok" : "error";
  const valueType = valueDeclarations(fieldType).value;
  return (
    <CheckStatus
      id={id}
      testId={id}
      state={state}
      className="mt-1 space-y-1"
      badge={check.ok ? "OK" : check.kind === "syntax" ? "syntax error" : `${check.kind} error`}
      where={
        check.ok ? null : (
          <ErrorSpan
            source={settled}
            start={check.position}
            end={check.end}
            className="whitespace-pre-wrap [overflow-wrap:anywhere]"
          />
        )
      }
    >
      {check.ok ? `a predicate over value (${valueType})` : check.message}
    </CheckStatus>
  );
}

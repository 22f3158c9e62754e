"use client";

import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
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
    <div id={id} data-testid={id} data-state={state} aria-live="polite" className="mt-1 space-y-1 text-xs">
      {state === "checking" ? (
        <span className="text-muted-foreground">Checking…</span>
      ) : state === "blank" ? (
        <span className="text-muted-foreground">Blank: left out when you save.</span>
      ) : check.ok ? (
        <span className="flex items-center gap-1.5">
          <Badge variant="success">OK</Badge>
          <span className="text-muted-foreground">a predicate over value ({valueType})</span>
        </span>
      ) : (
        <>
          <span className="flex items-start gap-1.5">
            <Badge variant="danger">{check.kind === "syntax" ? "syntax error" : `${check.kind} error`}</Badge>
            <span>{check.message}</span>
          </span>
          <ErrorSpan source={settled} start={check.position} end={check.end} />
        </>
      )}
    </div>
  );
}

/** The text with the offending characters marked (a caret when the range is empty). */
function ErrorSpan({ source, start, end }: { source: string; start: number; end: number }) {
  const to = Math.max(end, start);
  return (
    <pre
      className="overflow-x-auto whitespace-pre-wrap [overflow-wrap:anywhere] rounded bg-muted px-2 py-1 font-mono text-xs"
      aria-hidden="true"
    >
      {source.slice(0, start)}
      <mark className="rounded-sm bg-danger-bg text-danger underline decoration-wavy">
        {to > start ? source.slice(start, to) : "‸"}
      </mark>
      {source.slice(to)}
    </pre>
  );
}

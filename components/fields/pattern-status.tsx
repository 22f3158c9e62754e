"use client";

import { useMemo } from "react";
import { CheckStatus } from "@/components/ui/check-status";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { patternProblem } from "@/lib/engine/contracts/bundle-expressions";
import type { ResponseVariable } from "@/lib/fields/field-action-schemas";

// 250 ms: a pause in typing, as the CEL fields.
const PARSE_DEBOUNCE_MS = 250;
const REGEX_ERROR = /^Not a valid regular expression: /;

/**
 * One pattern's live status under its input: the bundle validator's own check (compiles as a
 * case-insensitive JavaScript regex, does not match empty text, has the capture group a number or
 * string variable takes its value from), run in the browser.
 */
export function PatternStatus({ id, pattern, type }: { id: string; pattern: string; type: ResponseVariable["type"] }) {
  const settled = useDebouncedValue(pattern, PARSE_DEBOUNCE_MS);
  const problem = useMemo(() => (settled.trim() === "" ? null : patternProblem(settled, type)), [settled, type]);
  const state = settled !== pattern ? "checking" : settled.trim() === "" ? "blank" : problem ? "error" : "ok";
  // An error's badge already says it is not a valid regex; the engine's own words follow.
  return (
    <CheckStatus
      id={id}
      testId={id}
      state={state}
      className="mt-1"
      badge={problem ? (REGEX_ERROR.test(problem) ? "regex error" : "problem") : "OK"}
    >
      {problem
        ? problem.replace(REGEX_ERROR, "")
        : type === "boolean"
          ? "any match means true"
          : "capture group 1 is the value"}
    </CheckStatus>
  );
}

"use client";

import { useMemo } from "react";
import { CheckStatus } from "@/components/ui/check-status";
import { TextField } from "@/components/ui/text-field";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { formatJsonError, parseJsonText } from "@/lib/tools/json-text";

// 250 ms: a pause in typing; pasted data of a few hundred KB parses well within it.
const PARSE_DEBOUNCE_MS = 250;

interface ToolDataFieldProps {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  /** Another JSON field's words (a test case's customer profile); a tool's data by default. */
  id?: string;
  label?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

function summary(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length === 0
      ? "an empty object"
      : `an object with ${keys.slice(0, 4).join(", ")}${keys.length > 4 ? ", …" : ""}`;
  }
  return typeof value;
}

/** A static tool's data: JSON checked as it is typed, the first mistake shown with its line and column. */
export function ToolDataField({
  value,
  onChange,
  errors,
  id = "tool-data",
  label = "Data (JSON)",
  hint = "Returned as is on every call; output paths read from it.",
  required = true,
  className = "min-h-48",
}: ToolDataFieldProps) {
  const settled = useDebouncedValue(value, PARSE_DEBOUNCE_MS);
  const parsed = useMemo(() => parseJsonText(settled), [settled]);
  const statusId = `${id}-status`;
  return (
    <div className="space-y-1.5">
      <TextField
        {...{ id, label, required, errors, hint, value, onChange }}
        multiline
        spellCheck={false}
        autoComplete="off"
        aria-describedby={statusId}
        inputClassName={`${className} font-mono text-xs`}
      />
      <CheckStatus
        id={statusId}
        testId={id === "tool-data" ? "data-status" : `${id}-status`}
        state={settled !== value ? "checking" : parsed.ok ? "ok" : "error"}
        className="space-y-1"
        badge={parsed.ok ? "valid JSON" : "JSON error"}
        where={parsed.ok ? null : <ErrorLine text={settled} line={parsed.line} column={parsed.column} />}
      >
        {parsed.ok ? summary(parsed.value) : formatJsonError(parsed)}
      </CheckStatus>
    </div>
  );
}

// Show at most 80 characters of the faulty line around the mistake: a minified line can be megabytes.
const CONTEXT = 40;

/** The faulty line with the offending character marked (a caret at the end of the text). */
function ErrorLine({ text, line, column }: { text: string; line: number; column: number }) {
  const source = text.split("\n")[line - 1] ?? "";
  const at = column - 1;
  const from = Math.max(0, at - CONTEXT);
  const to = Math.min(source.length, at + CONTEXT);
  return (
    <pre className="overflow-x-auto rounded bg-muted px-2 py-1 font-mono text-xs" aria-hidden="true">
      <span className="mr-2 text-muted-foreground">{line}</span>
      {from > 0 ? "…" : ""}
      {source.slice(from, at)}
      <mark className="rounded-sm bg-danger-bg text-danger underline decoration-wavy">{source[at] ?? "‸"}</mark>
      {source.slice(at + 1, to)}
      {to < source.length ? "…" : ""}
    </pre>
  );
}

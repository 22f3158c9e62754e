import type { ReactNode } from "react";
import { Badge } from "./badge";
import { cn } from "./cn";

/** An input checked as it is typed: a check pending (typing), nothing to check, or the check's result. */
type CheckState = "checking" | "blank" | "ok" | "error";

interface CheckStatusProps {
  id: string;
  testId: string;
  state: CheckState;
  /** "OK", "syntax error": the badge of an ok or error state. */
  badge?: string;
  /** The words after the badge. */
  children?: ReactNode;
  /** Under an error, where it is (the text with the offending characters marked). */
  where?: ReactNode;
  className?: string;
}

/**
 * The live status under a checked input (CEL expressions, JSON, validation rules, patterns), read out
 * politely as it changes; `data-state` is the state, for tests.
 */
export function CheckStatus({ id, testId, state, badge, children, where, className }: CheckStatusProps) {
  return (
    <div id={id} data-testid={testId} data-state={state} aria-live="polite" className={cn("text-xs", className)}>
      {state === "checking" ? (
        <span className="text-muted-foreground">Checking…</span>
      ) : state === "blank" ? (
        <span className="text-muted-foreground">Blank: left out when you save.</span>
      ) : state === "ok" ? (
        <span className="flex items-center gap-1.5">
          <Badge variant="success">{badge}</Badge>
          <span className="text-muted-foreground">{children}</span>
        </span>
      ) : (
        <>
          <span className="flex items-start gap-1.5">
            <Badge variant="danger">{badge}</Badge>
            <span>{children}</span>
          </span>
          {where}
        </>
      )}
    </div>
  );
}

/** The checked text with the offending characters marked (a caret when the range is empty). */
export function ErrorSpan({
  source,
  start,
  end,
  className,
}: {
  source: string;
  start: number;
  end: number;
  className?: string;
}) {
  const to = Math.max(end, start);
  return (
    <pre className={cn("overflow-x-auto rounded bg-muted px-2 py-1 font-mono text-xs", className)} aria-hidden="true">
      {source.slice(0, start)}
      <mark className="rounded-sm bg-danger-bg text-danger underline decoration-wavy">
        {to > start ? source.slice(start, to) : "‸"}
      </mark>
      {source.slice(to)}
    </pre>
  );
}

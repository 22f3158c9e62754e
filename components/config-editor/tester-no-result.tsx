import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";

/**
 * A tester's result line before there is a result: what to type while the sample is empty, or why the
 * server check failed. `data-state` says which, for the e2e specs.
 */
export function TesterNoResult({
  testId,
  failure,
  prompt,
}: {
  testId: string;
  /** The failed check; null while nothing is typed. */
  failure: { message: string } | null;
  prompt: ReactNode;
}) {
  if (!failure) {
    return (
      <p data-testid={testId} data-state="empty" className="text-muted-foreground text-xs">
        {prompt}
      </p>
    );
  }
  return (
    <p data-testid={testId} data-state="failed" className="flex items-start gap-1.5 text-xs">
      <Badge variant="danger">error</Badge>
      <span>{failure.message}</span>
    </p>
  );
}

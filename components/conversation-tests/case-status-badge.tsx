import { Badge } from "@/components/ui/badge";

const VARIANT = { passed: "success", failed: "danger", flaky: "warning" } as const;

/** A case's result in a run, with its word. */
export function CaseStatusBadge({ status }: { status: "passed" | "failed" | "flaky" }) {
  return <Badge variant={VARIANT[status]}>{status}</Badge>;
}

import Link from "next/link";
import { reviewQueueHref } from "@/lib/reviews/review-href";
import { VersionRateBars } from "./version-rate-bars";

interface ResolutionRow {
  config_version: number;
  reviewed: number;
  resolved: number;
  rate: number;
}

/** Resolved of reviewed sessions per config version, newest version first, one bar each. */
export function ResolutionRates({ agentKey, rows }: { agentKey: string; rows: ResolutionRow[] }) {
  const bars = rows.map((row) => ({ ...row, counts: `${row.resolved} of ${row.reviewed}` }));
  return (
    <VersionRateBars rows={bars} tone="success" testId="resolution-rates">
      <Link href={reviewQueueHref(agentKey, "reviewed")} className="text-muted-foreground underline">
        open reviewed sessions
      </Link>
    </VersionRateBars>
  );
}

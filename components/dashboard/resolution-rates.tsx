import Link from "next/link";
import { reviewQueueHref } from "@/lib/reviews/review-href";

interface ResolutionRow {
  config_version: number;
  reviewed: number;
  resolved: number;
  rate: number;
}

/** Resolved of reviewed sessions per config version, newest version first, one bar each. */
export function ResolutionRates({ agentKey, rows }: { agentKey: string; rows: ResolutionRow[] }) {
  return (
    <ul className="flex flex-col gap-1 text-xs" data-testid="resolution-rates">
      {rows.map((row) => {
        const percent = Math.round(row.rate * 100);
        return (
          <li key={row.config_version} className="grid grid-cols-[4rem_1fr_9rem] items-center gap-2">
            <span className="font-mono">v{row.config_version}</span>
            <span className="h-2 rounded-sm bg-muted" aria-hidden="true">
              <span className="block h-2 rounded-sm bg-success" style={{ width: `${percent}%` }} />
            </span>
            <span data-testid="resolution-rate">
              {percent}% ({row.resolved} of {row.reviewed})
            </span>
          </li>
        );
      })}
      <li>
        <Link href={reviewQueueHref(agentKey, "reviewed")} className="text-muted-foreground underline">
          open reviewed sessions
        </Link>
      </li>
    </ul>
  );
}

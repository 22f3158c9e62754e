import Link from "next/link";
import { tracesHref } from "@/lib/traces/trace-search";

interface InputSafetyCounts {
  read: number;
  flagged: number;
  uncertain: number;
  refused: number;
  handedOff: number;
}

/** Messages the input-safety stage read in the window: flagged, unsure, and what the turn did about them. */
export function InputSafetyCountsList({ agentKey, counts }: { agentKey: string; counts: InputSafetyCounts }) {
  const share = (n: number) => (counts.read === 0 ? "" : ` (${((100 * n) / counts.read).toFixed(1)} %)`);
  const rows: [label: string, value: string, href?: string][] = [
    ["Messages read", String(counts.read)],
    ["Flagged", `${counts.flagged}${share(counts.flagged)}`],
    ["Uncertain", `${counts.uncertain}${share(counts.uncertain)}`],
    ["Refused", String(counts.refused), tracesHref(agentKey, { outcome: "refused_input" })],
    ["Handed to a person", String(counts.handedOff)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="input-safety-counts">
      {rows.map(([label, value, href]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">
            {href && value !== "0" ? (
              <Link href={href} className="underline underline-offset-2">
                {value}
              </Link>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

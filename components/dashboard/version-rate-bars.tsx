import type { ReactNode } from "react";

interface VersionRate {
  config_version: number;
  rate: number;
  /** "3 of 4", after the percentage. */
  counts: string;
}

/** A share per config version, newest version first, one bar each (resolution and handoff rates). */
export function VersionRateBars({
  rows,
  tone,
  testId,
  children,
}: {
  rows: VersionRate[];
  tone: "success" | "warning";
  /** The list's test id; each rate's is the same without the final "s". */
  testId: string;
  /** A last line under the bars, such as a link. */
  children?: ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-1 text-xs" data-testid={testId}>
      {rows.map((row) => {
        const percent = Math.round(row.rate * 100);
        return (
          <li key={row.config_version} className="grid grid-cols-[4rem_1fr_9rem] items-center gap-2">
            <span className="font-mono">v{row.config_version}</span>
            <span className="h-2 rounded-sm bg-muted" aria-hidden="true">
              <span
                className={tone === "success" ? "block h-2 rounded-sm bg-success" : "block h-2 rounded-sm bg-warning"}
                style={{ width: `${percent}%` }}
              />
            </span>
            <span data-testid={testId.replace(/s$/, "")}>
              {percent}% ({row.counts})
            </span>
          </li>
        );
      })}
      {children ? <li>{children}</li> : null}
    </ul>
  );
}

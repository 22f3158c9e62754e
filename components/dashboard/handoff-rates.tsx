import { plural } from "@/lib/text/plural";

interface HandoffRow {
  config_version: number;
  sessions: number;
  handed_off: number;
  rate: number;
}

/** Sessions handed to a person of the sessions the agent answered, per config version, newest first. */
export function HandoffRates({ rows }: { rows: HandoffRow[] }) {
  return (
    <ul className="flex flex-col gap-1 text-xs" data-testid="handoff-rates">
      {rows.map((row) => {
        const percent = Math.round(row.rate * 100);
        return (
          <li key={row.config_version} className="grid grid-cols-[4rem_1fr_9rem] items-center gap-2">
            <span className="font-mono">v{row.config_version}</span>
            <span className="h-2 rounded-sm bg-muted" aria-hidden="true">
              <span className="block h-2 rounded-sm bg-warning" style={{ width: `${percent}%` }} />
            </span>
            <span data-testid="handoff-rate">
              {percent}% ({row.handed_off} of {plural(row.sessions, "session")})
            </span>
          </li>
        );
      })}
    </ul>
  );
}

import { plural } from "@/lib/text/plural";
import { VersionRateBars } from "./version-rate-bars";

interface HandoffRow {
  config_version: number;
  sessions: number;
  handed_off: number;
  rate: number;
}

/** Sessions handed to a person of the sessions the agent answered, per config version, newest first. */
export function HandoffRates({ rows }: { rows: HandoffRow[] }) {
  const bars = rows.map((row) => ({ ...row, counts: `${row.handed_off} of ${plural(row.sessions, "session")}` }));
  return <VersionRateBars rows={bars} tone="warning" testId="handoff-rates" />;
}

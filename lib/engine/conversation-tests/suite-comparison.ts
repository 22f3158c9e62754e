import type { CaseTry } from "./run-case";
import type { SuiteReport } from "./run-suite";

interface CaseChange {
  key: string;
  name: string;
  /** The draft's failed assertions, for people: "Turn 1 should end regenerated: expected outcome regenerated, but it was answered". */
  failures: string[];
}

/** The agent's suite on its saved configuration and on a draft, frozen: which cases the draft turns red or green. */
export interface SuiteComparison {
  cases: number;
  passing_before: number;
  passing_after: number;
  turned_red: CaseChange[];
  turned_green: CaseChange[];
}

/**
 * The suite's reports over the same `cases` on the saved configuration (`before`) and on a draft
 * (`after`), compared. `failureLines` words one failing try for people (the conversation tests'
 * sentences); a case's failures are the draft's.
 */
export function compareSuiteReports(
  cases: readonly { key: string; name: string }[],
  before: SuiteReport,
  after: SuiteReport,
  failureLines: (detail: CaseTry) => string[],
): SuiteComparison {
  const passed = (report: SuiteReport) => new Set(report.cases.filter((c) => c.status === "passed").map((c) => c.key));
  const was = passed(before);
  const now = passed(after);
  const failuresOf = (key: string): string[] => {
    const detail = after.cases.find((c) => c.key === key)?.detail;
    return detail ? failureLines(detail) : [];
  };
  const change = (key: string): CaseChange => ({
    key,
    name: cases.find((c) => c.key === key)?.name ?? key,
    failures: failuresOf(key),
  });
  return {
    cases: cases.length,
    passing_before: was.size,
    passing_after: now.size,
    turned_red: [...was].filter((k) => !now.has(k)).map(change),
    turned_green: [...now].filter((k) => !was.has(k)).map(change),
  };
}

import "server-only";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { failureLine } from "../failure-sentence";
import { runAgentSuite } from "./run-agent-suite";
import { listTestCases } from "./test-cases";

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

function failuresOf(report: SuiteReport, key: string): string[] {
  const detail = report.cases.find((c) => c.key === key)?.detail;
  if (!detail) return [];
  if (detail.error) return [detail.error];
  return detail.failures.map(failureLine);
}

/**
 * `saved` is the configuration before the change when the caller is inside the change's transaction:
 * the saved version must then not be read through that transaction (it already holds the draft).
 */
export async function compareSuiteOnDraft(
  db: DbOrTx,
  agent: AgentRow,
  draft: AgentSnapshot,
  saved?: AgentSnapshot,
): Promise<SuiteComparison | null> {
  const cases = (await listTestCases(db, agent)).filter((c) => c.enabled);
  if (cases.length === 0) return null;
  const before = await runAgentSuite(db, agent, { mode: "frozen", k: 1, cases, draft: saved });
  const after = await runAgentSuite(db, agent, { mode: "frozen", k: 1, cases, draft });
  const passed = (report: SuiteReport) => new Set(report.cases.filter((c) => c.status === "passed").map((c) => c.key));
  const was = passed(before);
  const now = passed(after);
  const change = (key: string): CaseChange => ({
    key,
    name: cases.find((c) => c.key === key)?.name ?? key,
    failures: failuresOf(after, key),
  });
  return {
    cases: cases.length,
    passing_before: was.size,
    passing_after: now.size,
    turned_red: [...was].filter((k) => !now.has(k)).map(change),
    turned_green: [...now].filter((k) => !was.has(k)).map(change),
  };
}

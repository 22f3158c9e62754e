import "server-only";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { CaseTry } from "@/lib/engine/conversation-tests/run-case";
import { compareSuiteReports, type SuiteComparison } from "@/lib/engine/conversation-tests/suite-comparison";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";
import { failureLine } from "../failure-sentence";
import { frozenReport } from "./frozen-report-cache";
import { runAgentSuite } from "./run-agent-suite";
import { listTestCases } from "./test-cases";

/** A failing try for people: the engine's error, else one sentence per failed assertion. */
function failureLines(detail: CaseTry): string[] {
  if (detail.error) return [detail.error];
  return detail.failures.map(failureLine);
}

/**
 * The agent's enabled cases run frozen on its saved configuration and on `draft`, compared
 * (`compareSuiteReports`); null when it has none. `saved` is the configuration before the change when
 * the caller is inside the change's transaction: the saved version must then not be read through that
 * transaction (it already holds the draft).
 */
export async function compareSuiteOnDraft(
  db: DbOrTx,
  agent: AgentRow,
  draft: AgentSnapshot,
  saved?: AgentSnapshot,
): Promise<SuiteComparison | null> {
  const cases = (await listTestCases(db, agent)).filter((c) => c.enabled);
  if (cases.length === 0) return null;
  const savedSnapshot = saved ?? (await loadAgentSnapshot(db, agent));
  const frozen = (snapshot: AgentSnapshot) =>
    frozenReport(snapshot, cases, () => runAgentSuite(db, agent, { mode: "frozen", k: 1, cases, draft: snapshot }));
  const before = await frozen(savedSnapshot);
  const after = await frozen(draft);
  return compareSuiteReports(cases, before, after, failureLines);
}

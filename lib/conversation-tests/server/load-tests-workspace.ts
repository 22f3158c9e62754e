import "server-only";
import type { AgentRow, Database } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { LastCaseResult, TestEditorOptions, TestsWorkspaceData } from "@/lib/conversation-tests/tests-workspace";
import { declaredVariables } from "@/lib/engine/contracts/bundle-expressions";
import { getTestRunView, listTestRuns } from "./test-runs";

// The last result per case reads the reports of the latest finished runs; five cover a run of the
// whole suite followed by a few single-case runs from the editor.
const REPORTS_READ = 5;

async function lastResults(db: Database, runs: TestsWorkspaceData["runs"]): Promise<Record<string, LastCaseResult>> {
  const out: Record<string, LastCaseResult> = {};
  for (const run of runs.filter((r) => r.status === "done").slice(0, REPORTS_READ)) {
    const report = (await getTestRunView(db, run.test_run_id))?.report;
    for (const c of report?.cases ?? []) {
      out[c.key] ??= {
        run_id: run.test_run_id,
        at: run.created_at,
        status: c.status,
        pass_1: c.pass_1,
        pass_k: c.pass_k,
        k: report?.k ?? 1,
      };
    }
  }
  return out;
}

/**
 * The Tests page and the test editor: the agent's cases, its latest runs, and the editor's pickers.
 * The editor does without the cases' last results (`withResults` false): they read run reports.
 */
export async function loadTestsWorkspace(
  db: Database,
  agent: AgentRow,
  { withResults = true } = {},
): Promise<TestsWorkspaceData> {
  const bundle = await readAgentBundle(db, agent);
  const runs = await listTestRuns(db, agent);
  const options: TestEditorOptions = {
    rules: bundle.rules.map((r) => ({ ref: r.key, label: r.name })),
    scenarios: bundle.scenarios.map((s) => ({ ref: s.key, label: s.name })),
    steps: bundle.scenarios.flatMap((s) =>
      s.steps.map((step) => ({ ref: `${s.key}/${step.key}`, label: `${s.name} › ${step.name}` })),
    ),
    tools: bundle.tools.map((t) => ({ ref: t.key, label: t.name })),
    declarations: declaredVariables(bundle),
  };
  return {
    agent: { key: agent.key, name: agent.name, configVersion: agent.configVersion },
    tests: bundle.tests,
    runs,
    lastResults: withResults ? await lastResults(db, runs) : {},
    options,
  };
}

import "server-only";
import {
  deleteAgentTest,
  getAgentTest,
  insertAgentTest,
  listAgentTests,
  updateAgentTest,
} from "@/db/queries/agent-tests";
import type { AgentRow, Database, DbOrTx } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import { validateTestCases } from "@/lib/engine/contracts/bundle-tests";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { AppError, issuesFromZod } from "@/lib/server/errors";

/** An agent's test cases as the bundle holds them, by suite then key; one suite when named. */
export async function listTestCases(db: DbOrTx, agent: AgentRow, suite?: string): Promise<BundleTestCase[]> {
  const rows = await listAgentTests(db, agent.id, suite);
  return rows.map((r) => BundleTestCase.parse(r.testCase));
}

export async function getTestCase(db: DbOrTx, agent: AgentRow, key: string): Promise<BundleTestCase> {
  const row = await getAgentTest(db, agent.id, key);
  if (!row) throw new AppError("NOT_FOUND", `No test case "${key}" in agent "${agent.key}".`);
  return BundleTestCase.parse(row.testCase);
}

/** zod first (422 with paths), then the case against the agent's configuration (unknown rules, steps, CEL). */
async function checkedCase(tx: DbOrTx, agent: AgentRow, input: unknown): Promise<BundleTestCase> {
  const parsed = BundleTestCase.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "The test case is invalid.", issuesFromZod(parsed.error));
  const bundle = await readAgentBundle(tx, agent);
  const issues = validateTestCases(bundle, [parsed.data], "case").map((i) => ({
    ...i,
    path: i.path.replace(/^case\[0\]\.?/, "") || "(root)",
  }));
  if (issues.length > 0) throw new AppError("VALIDATION", "The test case does not fit this agent.", issues);
  return parsed.data;
}

/**
 * Creates a case, or replaces the one loaded as `loadedKey` (its key may change). Refuses a key
 * another case has. Cases are not configuration: no config_version bump.
 */
export async function saveTestCase(
  db: Database,
  agent: AgentRow,
  input: unknown,
  loadedKey: string | null,
): Promise<BundleTestCase> {
  return db.transaction(async (tx) => {
    const testCase = await checkedCase(tx, agent, input);
    const existing = loadedKey ? await getAgentTest(tx, agent.id, loadedKey) : null;
    if (loadedKey && !existing) throw new AppError("NOT_FOUND", `No test case "${loadedKey}" in agent "${agent.key}".`);
    const clash = testCase.key !== loadedKey ? await getAgentTest(tx, agent.id, testCase.key) : null;
    if (clash) {
      throw new AppError("VALIDATION", `A test case with key "${testCase.key}" exists.`, [
        { path: "key", message: `"${testCase.key}" is taken; choose another key` },
      ]);
    }
    const row = { key: testCase.key, suite: testCase.suite, testCase };
    if (existing) await updateAgentTest(tx, existing.id, row);
    else await insertAgentTest(tx, { agentId: agent.id, ...row });
    return testCase;
  });
}

export async function removeTestCase(db: Database, agent: AgentRow, key: string): Promise<void> {
  const row = await getAgentTest(db, agent.id, key);
  if (!row) throw new AppError("NOT_FOUND", `No test case "${key}" in agent "${agent.key}".`);
  await deleteAgentTest(db, row.id);
}

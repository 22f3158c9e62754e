import "server-only";
import { agentTestsOfAgents, deleteAgentTestsById } from "@/db/queries/agent-tests";
import type { DbOrTx } from "@/db/types";
import { type ForgetScope, forgottenIds, mentionsAny } from "@/lib/customers/drop-mentions";

/**
 * Deletes the conversation tests saved from these sessions (Save as test): such a case holds the
 * customer's messages, and its recorded turn ids and description name the session. A case without
 * the customer's words would no longer test that conversation, so it goes whole rather than redacted.
 * Returns how many were deleted.
 */
export async function forgetInAgentTests(tx: DbOrTx, scope: ForgetScope): Promise<number> {
  const ids = forgottenIds(scope);
  if (ids.size === 0) return 0;
  const rows = await agentTestsOfAgents(tx, scope.agentIds);
  const saved = rows.filter((row) => mentionsAny(row.testCase, ids)).map((row) => row.id);
  await deleteAgentTestsById(tx, saved);
  return saved.length;
}

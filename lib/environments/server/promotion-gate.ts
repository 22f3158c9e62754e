import "server-only";
import type { AgentRow, DbOrTx } from "@/db/types";
import { compareSuiteOnDraft } from "@/lib/conversation-tests/server/suite-comparison";
import { testsGateOf } from "@/lib/conversation-tests/server/tests-gate";
import { AppError } from "@/lib/server/errors";
import { configAtVersion } from "@/lib/versioning/server/config-versions";

/** What the test gate did for a promotion; kept in the pin's ledger event. */
export interface PromotionGateRecord {
  mode: "warn" | "block";
  cases: number;
  turned_red: string[];
  forced: boolean;
  reason?: string;
}

export interface PromotionForce {
  reason?: string;
  /** Only an admin (operator role or API key scope) may force past a blocking gate. */
  admin: boolean;
}

function listed(keys: string[]): string {
  const shown = keys.slice(0, 5).map((key) => `"${key}"`);
  return `${shown.join(", ")}${keys.length > 5 ? ` and ${keys.length - 5} more` : ""}`;
}

/**
 * The conversation-test gate of a promotion (setting testing.tests_gate): the suite runs frozen on the
 * version the environment serves now and on the one promoted. `block` refuses a promotion that turns a
 * passing case red unless an admin forces it with a reason; `warn` lets it through and records it.
 * Null when the gate is off, the suite is empty, or the version does not change.
 */
export async function promotionGate(
  db: DbOrTx,
  agent: AgentRow,
  versions: { from: number; to: number },
  force: PromotionForce,
): Promise<PromotionGateRecord | null> {
  const mode = testsGateOf(agent);
  if (mode === "off" || versions.from === versions.to) return null;
  const [from, to] = await Promise.all([
    configAtVersion(db, agent, versions.from),
    configAtVersion(db, agent, versions.to),
  ]);
  if (!to)
    throw new AppError("VALIDATION", `Version ${versions.to} was not kept.`, [
      { path: "config_version", message: "Not kept" },
    ]);
  const comparison = await compareSuiteOnDraft(db, agent, to, from ?? undefined);
  if (!comparison) return null;
  const red = comparison.turned_red.map((c) => c.key);
  const record: PromotionGateRecord = { mode, cases: comparison.cases, turned_red: red, forced: false };
  if (red.length === 0 || mode === "warn") return record;
  if (force.reason && force.admin) return { ...record, forced: true, reason: force.reason };
  const noun = red.length === 1 ? "test" : "tests";
  const first = comparison.turned_red[0];
  throw new AppError(
    "TESTS_GATE",
    `Not promoted: version ${versions.to} turns ${red.length} passing ${noun} red against version ${versions.from}: ${listed(red)}${first?.failures[0] ? ` (${first.key}: ${first.failures[0]})` : ""}. ${force.admin ? "Promote anyway with a reason, or fix the version." : "An admin can promote anyway with a reason."}`,
    comparison.turned_red.map((c) => ({
      path: `tests.${c.key}`,
      message: c.failures.join("; ") || "fails on this version",
    })),
  );
}

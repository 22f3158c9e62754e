import "server-only";
import type { AgentRow, Transaction } from "@/db/types";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { Role } from "@/lib/identity/roles";
import { addActionNotice } from "@/lib/server/action-notices";
import { AppError } from "@/lib/server/errors";
import type { ConfigChangedPayload } from "@/lib/versioning/config-change-payload";
import { compareSuiteOnDraft } from "./suite-comparison";

type GateRecord = NonNullable<ConfigChangedPayload["tests_gate"]>;

function listed(keys: { key: string }[]): string {
  const shown = keys.slice(0, 5).map((k) => `"${k.key}"`);
  return `${shown.join(", ")}${keys.length > 5 ? ` and ${keys.length - 5} more` : ""}`;
}

/**
 * The conversation-test gate of a save (setting testing.tests_gate of the agent as it was): the suite
 * runs frozen on the saved configuration and on the draft. `warn` lets the save through with a notice;
 * `block` refuses a save that turns a passing case red, unless an admin forces it with a reason. What
 * happened goes into the save's CONFIG_CHANGED event. Null when the gate is off or there are no cases.
 */
export function testsGateOf(agent: AgentRow): "off" | "warn" | "block" {
  return resolveAgentSettings(agent.settings).testing.tests_gate;
}

/** `saved`: the configuration as it was before the change, read before the change was written. */
export async function applyTestsGate(
  tx: Transaction,
  agent: AgentRow,
  saved: AgentSnapshot | null,
  draft: AgentSnapshot,
  request: { role?: Role; forceTests?: { reason: string } },
): Promise<GateRecord | null> {
  const mode = testsGateOf(agent);
  if (mode === "off" || !saved) return null;
  const comparison = await compareSuiteOnDraft(tx, agent, draft, saved);
  if (!comparison) return null;
  const red = comparison.turned_red;
  const record: GateRecord = { mode, cases: comparison.cases, turned_red: red.map((c) => c.key), forced: false };
  if (red.length === 0) return record;
  const noun = red.length === 1 ? "test" : "tests";
  if (mode === "warn") {
    addActionNotice(`Saved, but this change turns ${red.length} passing ${noun} red: ${listed(red)}.`);
    return record;
  }
  if (request.forceTests && request.role === "admin") {
    addActionNotice(`Saved past the test gate: ${listed(red)} now fail.`);
    return { ...record, forced: true, reason: request.forceTests.reason };
  }
  const first = red[0]?.failures[0];
  throw new AppError(
    "TESTS_GATE",
    `Not saved: this change turns ${red.length} passing ${noun} red: ${listed(red)}${first ? ` (${red[0]?.key}: ${first})` : ""}. Fix the change or the ${noun}${request.role === "admin" ? ", or save anyway with a reason" : "; an admin can save anyway with a reason"}.`,
    red.map((c) => ({ path: `tests.${c.key}`, message: c.failures.join("; ") || "fails on the draft" })),
  );
}

import "server-only";
import type { AgentRow, Transaction } from "@/db/types";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { roleAtLeast } from "@/lib/identity/roles";
import { addActionNotice } from "@/lib/server/action-notices";
import { AppError } from "@/lib/server/errors";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";
import type { ConfigChangedPayload } from "@/lib/versioning/config-change-payload";
import type { SavePolicy, SaveRequest } from "@/lib/versioning/server/save-policy";
import { holdProduction } from "./hold-production";
import { compareSuiteOnDraft } from "./suite-comparison";

type GateRecord = NonNullable<ConfigChangedPayload["tests_gate"]>;

function listed(keys: { key: string }[]): string {
  const shown = keys.slice(0, 5).map((k) => `"${k.key}"`);
  return `${shown.join(", ")}${keys.length > 5 ? ` and ${keys.length - 5} more` : ""}`;
}

/**
 * The conversation-test gate of a save (setting testing.tests_gate of the agent as it was): the suite
 * runs frozen on the saved configuration and on the draft. `warn` lets the save through with a notice;
 * `block` refuses a save that turns a passing case red, unless it is forced with a reason: an admin's
 * forced save is a save like any other; a designer's goes into draft only (production is held at the
 * version it served, `holdProduction`). What happened goes into the save's CONFIG_CHANGED event. Null when the gate is off or there are no cases.
 */
export function testsGateOf(agent: AgentRow): "off" | "warn" | "block" {
  return resolveAgentSettings(agent.settings).testing.tests_gate;
}

/**
 * The gate as a save policy: opened before the change, it reads the configuration as saved (only when
 * the gate is on); its check runs the gate on the kept version and records it as `tests_gate`.
 */
export const testsGatePolicy: SavePolicy = {
  async open(tx, agent, request) {
    if (testsGateOf(agent) === "off") return null;
    const saved = await loadAgentSnapshot(tx, agent);
    return async (checkTx, kept) => {
      const gate = await applyTestsGate(checkTx, kept.agent, saved, kept.snapshot, request);
      return gate ? { tests_gate: gate } : null;
    };
  },
};

/** `saved`: the configuration as it was before the change, read before the change was written. */
async function applyTestsGate(
  tx: Transaction,
  agent: AgentRow,
  saved: AgentSnapshot,
  draft: AgentSnapshot,
  request: SaveRequest,
): Promise<GateRecord | null> {
  const mode = testsGateOf(agent);
  if (mode === "off") return null;
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
  if (request.forceTests && request.role && roleAtLeast(request.role, "designer")) {
    await holdProduction(tx, agent, saved, request);
    addActionNotice(
      `Saved into draft past the test gate: ${listed(red)} now fail. Production is unchanged until promoted.`,
    );
    return { ...record, forced: true, reason: request.forceTests.reason, into_draft: true };
  }
  throw new AppError(
    "TESTS_GATE",
    `Not saved: this change turns ${red.length} passing ${noun} red: ${listed(red)}. Fix the change or the ${noun}, or ${request.role === "admin" ? "save anyway" : "save into draft"} with a reason.`,
    // One field error per failure, so the editor lists each on its own line under its case.
    red.flatMap((c) =>
      (c.failures.length ? c.failures : ["fails on the draft"]).map((message) => ({ path: `tests.${c.key}`, message })),
    ),
  );
}

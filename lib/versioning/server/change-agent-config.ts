import "server-only";
import { getAgentById, setAgentConfigVersion } from "@/db/queries/agents";
import type { AgentRow, Database, Transaction } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import type { Role } from "@/lib/identity/roles";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";
import type { ConfigChangedPayload } from "@/lib/versioning/config-change-payload";
import { keepConfigVersion } from "./config-versions";
import { type DraftBox, DraftCaptured } from "./draft-box";
import { lockAgentAtVersion } from "./lock-agent-at-version";
import type { KeptSave, SaveCheck, SavePolicy, SaveRecord, SaveRequest } from "./save-policy";

export interface ConfigChangeRequest extends SaveRequest {
  agentKey: string;
  /** The config_version the editor loaded; null: whatever is current (a REST write without If-Match). */
  expectedVersion: number | null;
  /** What a moved-on version answers: the editors' CONFLICT (default), REST's If-Match PRECONDITION_FAILED. */
  stale?: "CONFLICT" | "PRECONDITION_FAILED";
  /**
   * The checks this save runs through, in order (save-policy.ts): handed in by whoever makes the
   * request, from lib/boot/save-policies.ts; a dry run opens none of them.
   */
  policies: readonly SavePolicy[];
  /**
   * Set: nothing is kept — the mutation runs, the draft configuration is read into the box, and the
   * transaction rolls back (impact preview, test gate). Same validation, same errors as a save.
   */
  draft?: DraftBox;
}

/** The request a save action makes: the editor's agent and loaded version, who, any preview stamp, its policies. */
export function configChangeRequest(
  input: {
    agent_key: string;
    expected_config_version: number;
    impact_preview?: ImpactPreviewStamp;
    force_tests?: { reason: string };
  },
  ctx: { actor: Actor; requestId: string; operator?: { role: Role }; policies: readonly SavePolicy[] },
): ConfigChangeRequest & { expectedVersion: number } {
  return {
    agentKey: input.agent_key,
    expectedVersion: input.expected_config_version,
    actor: ctx.actor,
    requestId: ctx.requestId,
    impactPreview: input.impact_preview,
    role: ctx.operator?.role,
    forceTests: input.force_tests,
    policies: ctx.policies,
  };
}

/** What one editor save changed; the version numbers and agent key are filled in here. */
export type ConfigChange<T> = Pick<ConfigChangedPayload, "entity" | "key" | "action" | "diff"> &
  Pick<ConfigChangedPayload, "source_key" | "previous_key"> & { result: T };

export interface ConfigChangeOutcome<T> {
  config_version: number;
  changed: boolean;
  result: T;
}

/**
 * The one path of every editor save (every change bumps config_version), in ONE
 * transaction: lock the agent at the version the editor loaded (else CONFLICT), open the request's
 * policies, hand the mutation the agent and its configuration as a bundle, then bump config_version
 * and updated_at, keep the new version, run the policies' checks (which may refuse the save) and
 * append a CONFIG_CHANGED ledger event with the field-level diff and what the checks recorded. A
 * mutation or check that throws (validation, the test gate) rolls everything back; a mutation that
 * reports no change (`unchanged`) writes nothing and keeps the version. The engine caches compiled
 * agents by (agent id, config_version), so the bump is all it needs.
 */
export async function changeAgentConfig<T>(
  db: Database,
  request: ConfigChangeRequest,
  mutate: (tx: Transaction, agent: AgentRow, bundle: Bundle) => Promise<ConfigChange<T> | { unchanged: T }>,
): Promise<ConfigChangeOutcome<T>> {
  try {
    return await db.transaction(async (tx) => {
      const agent = await lockAgentAtVersion(tx, request.agentKey, request.expectedVersion, request.stale);
      const bundle = await readAgentBundle(tx, agent);
      // Policies read the configuration as saved before it changes (the test gate compares with it).
      const checks = request.draft ? [] : await openPolicies(tx, agent, request);
      const change = await mutate(tx, agent, bundle);
      if ("unchanged" in change) {
        if (request.draft) request.draft.agent = agent;
        return { config_version: agent.configVersion, changed: false, result: change.unchanged };
      }

      const after = agent.configVersion + 1;
      const updatedAt = new Date();
      await setAgentConfigVersion(tx, agent.id, after, updatedAt);
      // Read again, not spread from `agent`: the mutation may have changed the row itself (settings,
      // name), and the kept version, the policies' checks and a preview's draft must see the saved row.
      const next = await getAgentById(tx, agent.id);
      if (!next) throw new Error("the locked agent vanished inside its own save");
      if (request.draft) {
        request.draft.agent = agent;
        request.draft.snapshot = await loadAgentSnapshot(tx, next);
        throw new DraftCaptured();
      }
      const snapshot = await keepConfigVersion(tx, next);
      const recorded = await runChecks(tx, checks, { agent, snapshot });
      const payload: ConfigChangedPayload = {
        agent_key: agent.key,
        entity: change.entity,
        key: change.key,
        action: change.action,
        config_version_before: agent.configVersion,
        config_version_after: after,
        diff: change.diff,
        ...(change.source_key ? { source_key: change.source_key } : {}),
        ...(change.previous_key ? { previous_key: change.previous_key } : {}),
        ...(recorded.impact_preview ? { impact_preview: recorded.impact_preview } : {}),
        ...(recorded.tests_gate ? { tests_gate: recorded.tests_gate } : {}),
      };
      await appendLedgerEvent(tx, {
        type: "CONFIG_CHANGED",
        actor: request.actor,
        agentId: agent.id,
        requestId: request.requestId,
        payload,
      });
      return { config_version: after, changed: true, result: change.result };
    });
  } catch (error) {
    if (error instanceof DraftCaptured) {
      const base = request.draft?.agent?.configVersion ?? request.expectedVersion ?? 0;
      return { config_version: base, changed: true, result: undefined as T };
    }
    throw error;
  }
}

async function openPolicies(tx: Transaction, agent: AgentRow, request: ConfigChangeRequest): Promise<SaveCheck[]> {
  const checks: SaveCheck[] = [];
  for (const policy of request.policies) {
    const check = await policy.open(tx, agent, request);
    if (check) checks.push(check);
  }
  return checks;
}

/** The checks one after the other, in the policies' order (a check may write, as the test gate's hold does). */
async function runChecks(tx: Transaction, checks: SaveCheck[], kept: KeptSave): Promise<SaveRecord> {
  const recorded: SaveRecord = {};
  for (const check of checks) Object.assign(recorded, await check(tx, kept));
  return recorded;
}

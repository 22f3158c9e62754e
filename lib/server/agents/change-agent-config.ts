import "server-only";
import { eq } from "drizzle-orm";
import { type AgentRow, agents } from "@/db/schema";
import type { Database, Transaction } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { ConfigChangedPayload } from "@/lib/versioning/config-change-payload";
import { keepConfigVersion } from "../replay/config-versions";
import { lockAgentAtVersion } from "./lock-agent-at-version";

export interface ConfigChangeRequest {
  agentKey: string;
  /** The config_version the editor loaded. */
  expectedVersion: number;
  actor: Actor;
  requestId: string;
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
 * The one path of every editor save (PRODUCT.md §2: every change bumps config_version), in ONE
 * transaction: lock the agent at the version the editor loaded (else CONFLICT), hand the mutation the
 * agent and its configuration as a bundle, then bump config_version and updated_at and append a
 * CONFIG_CHANGED ledger event with the field-level diff. A mutation that throws (validation) rolls
 * everything back; one that reports no change (`unchanged`) writes nothing and keeps the version. The
 * engine caches compiled agents by (agent id, config_version), so the bump is all it needs.
 */
export async function changeAgentConfig<T>(
  db: Database,
  request: ConfigChangeRequest,
  mutate: (tx: Transaction, agent: AgentRow, bundle: Bundle) => Promise<ConfigChange<T> | { unchanged: T }>,
): Promise<ConfigChangeOutcome<T>> {
  return db.transaction(async (txOrSavepoint) => {
    const tx = txOrSavepoint as Transaction;
    const agent = await lockAgentAtVersion(tx, request.agentKey, request.expectedVersion);
    const bundle = await readAgentBundle(tx, agent);
    const change = await mutate(tx, agent, bundle);
    if ("unchanged" in change) return { config_version: agent.configVersion, changed: false, result: change.unchanged };

    const after = agent.configVersion + 1;
    const updatedAt = new Date();
    await tx.update(agents).set({ configVersion: after, updatedAt }).where(eq(agents.id, agent.id));
    await keepConfigVersion(tx, { ...agent, configVersion: after, updatedAt });
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
}

import type { AgentRow, Transaction } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { Role } from "@/lib/identity/roles";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";
import type { ConfigChangedPayload } from "@/lib/versioning/config-change-payload";

// The contract between the config write path (change-agent-config.ts) and the checks a save runs
// through: the tests gate (conversation tests) and the preview stamp (replay) implement it, and
// whoever makes the request hands them in (the list is lib/boot/save-policies.ts). The write path
// imports none of them: it opens each policy before the mutation, and after keeping the new version
// runs each check in the order given and records what they add in the CONFIG_CHANGED event.

/** What a save's policies read of its request: who saves, and what the editor sent beside the change. */
export interface SaveRequest {
  actor: Actor;
  requestId: string;
  /** What a preview of this draft measured; recorded in the event if it still describes the draft. */
  impactPreview?: ImpactPreviewStamp;
  /** Who saves: an admin may force a save past a blocking test gate with `forceTests`. */
  role?: Role;
  forceTests?: { reason: string };
}

/** What a policy may add to the save's CONFIG_CHANGED payload. */
export type SaveRecord = Partial<Pick<ConfigChangedPayload, "impact_preview" | "tests_gate">>;

/** The save once its new version is kept. */
export interface KeptSave {
  /** The agent as it was locked, at the version the save started from. */
  agent: AgentRow;
  /** The engine's view of the new version, as kept. */
  snapshot: AgentSnapshot;
}

/**
 * Runs in the save's transaction after the new version is kept and before CONFIG_CHANGED is
 * appended: returns what to record in the event (null: nothing), or throws to refuse the save (the
 * transaction rolls back, nothing of it is kept).
 */
export type SaveCheck = (tx: Transaction, kept: KeptSave) => Promise<SaveRecord | null>;

export interface SavePolicy {
  /**
   * Opened on every save but a dry run, with the agent locked at the loaded version and before the
   * mutation: reads what the check needs of the configuration as saved (it changes next) and returns
   * the check to run once the new version is kept; null when this save has nothing to check.
   */
  open(tx: Transaction, agent: AgentRow, request: SaveRequest): Promise<SaveCheck | null>;
}

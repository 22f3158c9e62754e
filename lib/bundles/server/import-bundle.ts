import "server-only";
import { createHash } from "node:crypto";
import { type ConfigIds, deleteAgentConfig, readConfigIds } from "@/db/queries/agent-config";
import { insertAgentIfNew, lockAgentByKey, updateImportedAgent } from "@/db/queries/agents";
import type { AgentRow, DbOrTx, Transaction } from "@/db/types";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { validateBundle } from "@/lib/engine/contracts/validate-bundle";
import { AppError } from "@/lib/server/errors";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";
import { plural } from "@/lib/text/plural";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";
import { keepConfigVersion } from "@/lib/versioning/server/config-versions";
import { type DraftBox, DraftCaptured } from "@/lib/versioning/server/draft-box";
import { type BundleDiff, diffBundles, isEmptyDiff } from "../bundle-diff";
import { serializeBundle } from "../serialize-bundle";
import { readAgentBundle } from "./read-agent-bundle";
import { insertAgentConfig } from "./write-agent-config";

export interface ImportResult {
  agent_id: string;
  key: string;
  config_version: number;
  /** false when an agent with this key existed and its configuration was replaced. */
  created: boolean;
}

/** SHA-256 of the canonical file text, so the same configuration hashes the same however it was formatted. */
function bundleSha256(bundle: Bundle): string {
  return createHash("sha256").update(serializeBundle(bundle)).digest("hex");
}

function counts(bundle: Bundle) {
  return {
    profile_fields: bundle.profile_fields.length,
    variables: bundle.variables.length,
    tools: bundle.tools.length,
    scenarios: bundle.scenarios.length,
    steps: bundle.scenarios.reduce((n, s) => n + s.steps.length, 0),
    transitions: bundle.scenarios.reduce((n, s) => n + s.transitions.length, 0),
    rules: bundle.rules.length,
  };
}

/** The previous configuration, for the diff; a stored one that no longer parses is replaced all the same. */
async function previousBundle(tx: Transaction, agent: AgentRow): Promise<Bundle | null> {
  try {
    return await readAgentBundle(tx, agent);
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return null;
    throw error;
  }
}

/**
 * Imports an agent bundle. Validates all of it first — shape, references, lanes,
 * CEL — and throws AppError VALIDATION listing every problem with its JSON path. Then, in one
 * transaction, creates the agent or replaces the whole configuration of the agent with this key
 * (same agent id, config_version + 1; sessions and turns stay; entities whose key survives keep their
 * id), and appends BUNDLE_IMPORTED to the
 * ledger. Any failure rolls everything back: nothing is written unless all of it is.
 */
export async function importBundle(
  db: DbOrTx,
  input: unknown,
  actor: Actor,
  requestId: string,
  options: { draft?: DraftBox } = {},
): Promise<ImportResult> {
  const validation = validateBundle(input);
  if (!validation.ok) {
    const n = validation.issues.length;
    throw new AppError(
      "VALIDATION",
      `The bundle has ${plural(n, "problem")}; nothing was imported.`,
      validation.issues,
    );
  }
  const bundle = validation.bundle;
  const { key, name, description, settings } = bundle.agent;

  try {
    return await db.transaction(async (tx) => {
      // ON CONFLICT DO NOTHING waits for a concurrent import of the same new key, then yields to it.
      const inserted = await insertAgentIfNew(tx, { key, name, description, settings });
      let agent: AgentRow;
      let previous: Bundle | null = null;
      let previousVersion: number | null = null;
      let diff: BundleDiff;
      let keep: ConfigIds | undefined;
      if (inserted) {
        agent = inserted;
        diff = diffBundles(null, bundle);
      } else {
        // Row lock: concurrent imports of one agent run one after the other, each bumping the version.
        const existing = await lockAgentByKey(tx, key);
        if (!existing) throw new Error(`agent "${key}" vanished during import`);
        previous = await previousBundle(tx, existing);
        previousVersion = existing.configVersion;
        diff = diffBundles(previous, bundle);
        keep = await readConfigIds(tx, existing.id);
        await deleteAgentConfig(tx, existing.id);
        // A change to the profile field definitions is a new profile schema version.
        const profileChanged = previous === null || !isEmptyDiff(diff.profile_fields);
        const updated = await updateImportedAgent(tx, existing.id, {
          name,
          description,
          settings,
          configVersion: existing.configVersion + 1,
          profileSchemaVersion: existing.profileSchemaVersion + (profileChanged ? 1 : 0),
          updatedAt: new Date(),
        });
        if (!updated) throw new Error(`agent "${key}" could not be updated`);
        agent = updated;
      }
      await insertAgentConfig(tx, agent.id, bundle, keep);
      if (options.draft) {
        // A dry run (replay under a bundle): read the draft as the engine would, then roll back.
        options.draft.agent = agent;
        options.draft.snapshot = await loadAgentSnapshot(tx, agent);
        throw new DraftCaptured();
      }
      await keepConfigVersion(tx, agent);
      await appendLedgerEvent(tx, {
        type: "BUNDLE_IMPORTED",
        actor,
        agentId: agent.id,
        requestId,
        payload: {
          agent_key: key,
          config_version: agent.configVersion,
          previous_config_version: previousVersion,
          created: Boolean(inserted),
          bundle_sha256: bundleSha256(bundle),
          counts: counts(bundle),
          // null when the previous configuration could not be read back as a bundle.
          diff: inserted || previous ? diff : null,
        },
      });
      return { agent_id: agent.id, key, config_version: agent.configVersion, created: Boolean(inserted) };
    });
  } catch (error) {
    if (!(error instanceof DraftCaptured) || !options.draft?.agent) throw error;
    const { agent } = options.draft;
    return { agent_id: agent.id, key, config_version: agent.configVersion, created: false };
  }
}

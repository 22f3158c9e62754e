import "server-only";
import type { z } from "zod";
import { getAgentByKey } from "@/db/queries/agents";
import type { Database } from "@/db/types";
import type { ImportAgentBundleInput } from "@/lib/agents/agent-forms";
import { type ImportResult, importBundle } from "@/lib/bundles/server/import-bundle";
import { assertReachesEveryAgent } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";

/**
 * A bundle file uploaded in the console: the same validation as `POST /api/v1/agents/import` (every
 * problem with its JSON path, nothing written unless all of it is valid). Unlike the API, an agent
 * with the bundle's key is replaced only when the designer said so after being told.
 */
export async function importAgentFile(
  db: Database,
  input: z.output<typeof ImportAgentBundleInput>,
  actor: Actor,
  requestId: string,
): Promise<ImportResult> {
  assertReachesEveryAgent();
  let bundle: unknown;
  try {
    bundle = JSON.parse(input.text);
  } catch (error) {
    throw new AppError("VALIDATION", `${input.file_name} is not JSON: ${(error as Error).message}`, [
      { path: "file", message: "Not a JSON file: export a bundle from Focal or check the file" },
    ]);
  }
  if (input.new_key) return importAsNewAgent(db, bundle, input.new_key, actor, requestId);
  const key = (bundle as { agent?: { key?: unknown } } | null)?.agent?.key;
  const existing = !input.replace && typeof key === "string" ? await getAgentByKey(db, key) : null;
  if (existing) {
    const next = existing.configVersion + 1;
    throw new AppError(
      "CONFLICT",
      `${existing.name} (${existing.key}) exists already at v${existing.configVersion}. Choose “Replace its configuration” to make this file its v${next} (its sessions and traces stay), or import it as a new agent under another key.`,
      [{ path: "replace", message: `Replaces ${existing.name}'s configuration` }],
    );
  }
  return importBundle(db, bundle, actor, requestId);
}

/** The file under another key, as a new agent beside the one that has its key; a taken key is refused. */
async function importAsNewAgent(
  db: Database,
  bundle: unknown,
  key: string,
  actor: Actor,
  requestId: string,
): Promise<ImportResult> {
  const taken = await getAgentByKey(db, key);
  if (taken) {
    throw new AppError("CONFLICT", `An agent with the key “${key}” exists already (${taken.name}).`, [
      { path: "new_key", message: "This key is taken; choose another" },
    ]);
  }
  const file = bundle as { agent?: unknown } | null;
  if (!file || typeof file.agent !== "object" || file.agent === null) return importBundle(db, bundle, actor, requestId);
  return importBundle(db, { ...file, agent: { ...file.agent, key } }, actor, requestId);
}

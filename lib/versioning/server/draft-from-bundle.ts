import "server-only";
import type { AgentRow, Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { Bundle } from "@/lib/engine/contracts/bundle";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import type { DraftBox } from "./draft-box";

/**
 * A whole bundle sent as a draft configuration for `agent`: checked as an import would be (422 with
 * `config.…` paths), imported inside a transaction that is rolled back, and read back as the engine's
 * view with the agent's own ids. Nothing is stored.
 */
export async function draftFromBundle(
  db: Database,
  agent: AgentRow,
  config: unknown,
  ctx: { actor: Actor; requestId: string },
): Promise<{ snapshot: AgentSnapshot; bundle: Bundle }> {
  const key = (config as { agent?: { key?: unknown } } | null)?.agent?.key;
  if (key !== agent.key) {
    throw new AppError("VALIDATION", `The bundle is for another agent than "${agent.key}".`, [
      { path: "config.agent.key", message: `must be "${agent.key}"` },
    ]);
  }
  const draft: DraftBox = {};
  try {
    await importBundle(db, config, ctx.actor, ctx.requestId, { draft });
  } catch (error) {
    if (error instanceof AppError && error.issues) {
      throw new AppError(
        error.code,
        error.message,
        error.issues.map((i) => ({ ...i, path: `config.${i.path}` })),
      );
    }
    throw error;
  }
  if (!draft.snapshot) throw new Error("bundle dry run left no draft");
  return { snapshot: draft.snapshot, bundle: Bundle.parse(config) };
}

import "server-only";
import {
  deleteEnvironmentPins,
  deleteEnvironmentRow,
  getEnvironment,
  insertEnvironment,
  listEnvironments,
  lockEnvironment,
} from "@/db/queries/environments";
import type { AgentRow, Database } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { type EnvironmentBody, PRODUCTION } from "../environment-schemas";
import type { PinContext } from "./environment-history";
import { appendEnvironmentEvent, recordPin } from "./environment-history";
import { assertVersionExists, requireKeptVersion } from "./environment-rows";
import { environmentView } from "./environment-views";

// An agent with more than this many environments has lost track of them; 10 covers dev, staging,
// canary, production and a few per-region copies.
const MAX_ENVIRONMENTS = 10;

/** A named environment pinned to `config_version` (the latest when left out): one pin row, ENVIRONMENT_CREATED. */
export async function createEnvironment(
  db: Database,
  agent: AgentRow,
  input: { name: string; config_version?: number },
  ctx: PinContext,
): Promise<EnvironmentBody> {
  const version = input.config_version ?? agent.configVersion;
  if (input.name === PRODUCTION || (await getEnvironment(db, agent.id, input.name))) {
    throw new AppError("VALIDATION", `The agent already has an environment "${input.name}".`, [
      { path: "name", message: "Already exists" },
    ]);
  }
  await assertVersionExists(db, agent, version, "config_version");
  await db.transaction(async (tx) => {
    await requireKeptVersion(tx, agent, version, "config_version");
    const made = await insertEnvironment(tx, { agentId: agent.id, name: input.name, pinnedVersion: version });
    if (!made)
      throw new AppError("VALIDATION", `The agent already has an environment "${input.name}".`, [
        { path: "name", message: "Already exists" },
      ]);
    const count = (await listEnvironments(tx, agent.id)).filter((env) => env.name !== PRODUCTION).length;
    if (count > MAX_ENVIRONMENTS) {
      throw new AppError("VALIDATION", `An agent has at most ${MAX_ENVIRONMENTS} environments.`, [
        { path: "name", message: "Too many environments" },
      ]);
    }
    await recordPin(tx, agent, input.name, { configVersion: version, previousVersion: null, reason: "created" }, ctx);
    await appendEnvironmentEvent(tx, agent, input.name, ctx, {
      type: "ENVIRONMENT_CREATED",
      payload: { config_version: version },
    });
  });
  return environmentView(db, agent, input.name);
}

/** Deletes a named environment and its pins; production cannot be deleted. Sessions keep their recorded version. */
export async function deleteEnvironment(db: Database, agent: AgentRow, name: string, ctx: PinContext): Promise<void> {
  if (name === PRODUCTION) {
    throw new AppError("VALIDATION", "Production cannot be deleted.", [
      { path: "environment", message: "Production stays" },
    ]);
  }
  await db.transaction(async (tx) => {
    const row = await lockEnvironment(tx, agent.id, name);
    if (!row) throw new AppError("NOT_FOUND", `The agent has no environment "${name}".`);
    await deleteEnvironmentRow(tx, row.id);
    await deleteEnvironmentPins(tx, agent.id, name);
    await appendEnvironmentEvent(tx, agent, name, ctx, {
      type: "ENVIRONMENT_DELETED",
      payload: { pinned_version: row.pinnedVersion },
    });
  });
}

import "server-only";
import type { z } from "zod";
import { getAgentByKey } from "@/db/queries/agents";
import type { Database } from "@/db/types";
import type { CreateAgentInput } from "@/lib/agents/agent-forms";
import { type ImportResult, importBundle } from "@/lib/bundles/server/import-bundle";
import demoBundle from "@/lib/demo/refund-desk.bundle.json";
import { assertReachesEveryAgent } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";

const EMPTY_CONFIGURATION = { profile_fields: [], variables: [], tools: [], scenarios: [], rules: [], tests: [] };

/**
 * A new agent from the console: empty, or a copy of the demo under its own key and name. It goes
 * through the bundle import (one transaction, BUNDLE_IMPORTED in the ledger), refusing a taken key
 * instead of replacing that agent's configuration.
 */
export async function createAgent(
  db: Database,
  input: z.output<typeof CreateAgentInput>,
  actor: Actor,
  requestId: string,
): Promise<ImportResult> {
  assertReachesEveryAgent();
  await refuseTakenKey(db, input.key);
  const fromDemo = input.start === "demo";
  const bundle = {
    ...(fromDemo ? structuredClone(demoBundle) : { focal_bundle: 1, ...EMPTY_CONFIGURATION }),
    agent: {
      key: input.key,
      name: input.name,
      // A copy of the demo keeps the demo's description unless the person wrote their own.
      description: input.description || (fromDemo ? demoBundle.agent.description : ""),
      settings: fromDemo ? structuredClone(demoBundle.agent.settings) : {},
    },
  };
  return importBundle(db, bundle, actor, requestId);
}

/** 409 naming the `key` field when an agent has it: creating must never replace an agent. */
async function refuseTakenKey(db: Database, key: string): Promise<void> {
  const existing = await getAgentByKey(db, key);
  if (!existing) return;
  throw new AppError("CONFLICT", `An agent with the key “${key}” exists already (${existing.name}).`, [
    { path: "key", message: "This key is taken; choose another" },
  ]);
}

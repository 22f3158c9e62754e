import "server-only";
import type { Database } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { validateBundle } from "@/lib/engine/contracts/validate-bundle";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { plural } from "@/lib/text/plural";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import type { ConfigChangeRequest } from "@/lib/versioning/server/change-agent-config";
import { lockAgentAtVersion } from "@/lib/versioning/server/lock-agent-at-version";
import type { SavePolicy } from "@/lib/versioning/server/save-policy";
import { type PlannedChange, planConfigChanges } from "../config-plan";
import type { EntityOps } from "./config-entity-routes";

export interface ApplyOutcome {
  agentKey: string;
  plan: PlannedChange[];
  /** The agent's config_version before, and after when applied. */
  from: number;
  to: number;
  applied: boolean;
}

/** The bundle checked as an import checks it (422-style issues), else VALIDATION naming each problem. */
function checkedBundle(input: unknown): Bundle {
  const validation = validateBundle(input);
  if (validation.ok) return validation.bundle;
  const n = validation.issues.length;
  throw new AppError("VALIDATION", `The bundle has ${plural(n, "problem")}; nothing was applied.`, validation.issues);
}

/** One entity change through its kind's saves, as REST makes them; `values`: the bundle's of that kind. */
async function applyEntity<T>(
  db: Database,
  request: ConfigChangeRequest,
  change: PlannedChange,
  ops: EntityOps<T>,
  values: readonly T[],
) {
  if (change.action === "remove") return ops.outcomes.delete(db, request, change.key);
  const value = values.find((v) => ops.keyOf(v) === change.key);
  if (value === undefined) throw new Error(`planned ${change.kind} ${change.key} is not in the bundle`);
  return change.action === "add"
    ? ops.outcomes.create(db, request, value)
    : ops.outcomes.update(db, request, change.key, value);
}

/** One planned change through the editors' save path: one config version and one CONFIG_CHANGED each. */
async function applyChange(db: Database, request: ConfigChangeRequest, change: PlannedChange, target: Bundle) {
  switch (change.kind) {
    case "settings":
      return updateAgentSettings(db, request, target.agent.settings);
    case "rules":
      return applyEntity(db, request, change, ruleEntity, target.rules);
    case "scenarios":
      return applyEntity(db, request, change, scenarioEntity, target.scenarios);
    case "tools":
      return applyEntity(db, request, change, toolEntity, target.tools);
    case "profile-fields":
      return applyEntity(db, request, change, profileFieldEntity, target.profile_fields);
    case "variables":
      return applyEntity(db, request, change, variableEntity, target.variables);
  }
}

/**
 * `focal apply`: the plan from the agent's configuration to the bundle's, and with `apply` the plan
 * carried out in ONE transaction — every change its own config version and CONFIG_CHANGED event, as an
 * editor save makes them (same checks, same tests gate), so the history says what changed entity by
 * entity; any refusal rolls every change back. The agent is locked at the version the plan was made
 * from: a save in between is a CONFLICT.
 */
export async function applyConfig(
  db: Database,
  input: unknown,
  options: { agentKey?: string; apply: boolean; actor: Actor; requestId: string; policies: readonly SavePolicy[] },
): Promise<ApplyOutcome> {
  const target = checkedBundle(input);
  const agentKey = options.agentKey ?? target.agent.key;
  const agent = await requireAgent(db, agentKey);
  const plan = planConfigChanges(await readAgentBundle(db, agent), target);
  const outcome = { agentKey, plan, from: agent.configVersion, to: agent.configVersion, applied: false };
  if (!options.apply || plan.length === 0) return outcome;
  const to = await db.transaction(async (tx) => {
    await lockAgentAtVersion(tx, agentKey, agent.configVersion);
    const { actor, requestId, policies } = options;
    const request = { agentKey, expectedVersion: null, actor, requestId, policies };
    for (const change of plan) await applyChange(tx, request, change, target);
    return (await requireAgent(tx, agentKey)).configVersion;
  });
  return { ...outcome, to, applied: true };
}

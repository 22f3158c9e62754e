import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/types";
import {
  CreateProfileFieldInput,
  CreateVariableInput,
  profileFieldOf,
  UpdateProfileFieldInput,
  UpdateVariableInput,
  variableOf,
} from "@/lib/fields/field-action-schemas";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import {
  CreateKnowledgeSourceInput,
  sourceOfCreate,
  sourceOfUpdate,
  UpdateKnowledgeSourceInput,
} from "@/lib/knowledge/knowledge-action-schemas";
import { knowledgeSourceEntity } from "@/lib/knowledge/server/knowledge-source-entity";
import { sourceToAdd, sourceToReplace } from "@/lib/knowledge/server/knowledge-sources";
import type { PreviewableEdit } from "@/lib/replay/preview-schemas";
import { CreateRuleInput, ruleFieldsOf, UpdateRuleInput } from "@/lib/rules/rule-action-schemas";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { CreateScenarioInput, scenarioFieldsOf, UpdateScenarioInput } from "@/lib/scenarios/scenario-action-schemas";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { UpdateAgentSettingsInput } from "@/lib/settings/settings-action-schemas";
import { toolEntity } from "@/lib/tools/server/tool-entity";
import { CreateToolInput, UpdateToolInput } from "@/lib/tools/tool-action-schemas";
import { type ConfigChangeRequest, configChangeRequest } from "@/lib/versioning/server/change-agent-config";

interface EditDefinition<S extends z.ZodType> {
  schema: S;
  run: (db: Database, request: ConfigChangeRequest, input: z.output<S>) => Promise<unknown>;
}

function edit<S extends z.ZodType>(definition: EditDefinition<S>): EditDefinition<S> {
  return definition;
}

/** Every editor save that can be previewed: the save's own schema and the same server function. */
const EDITS = {
  createRule: edit({ schema: CreateRuleInput, run: (db, r, i) => ruleEntity.create(db, r, ruleFieldsOf(i)) }),
  updateRule: edit({
    schema: UpdateRuleInput,
    run: (db, r, i) => ruleEntity.update(db, r, i.rule_key, ruleFieldsOf(i)),
  }),
  createScenario: edit({
    schema: CreateScenarioInput,
    run: (db, r, i) => scenarioEntity.create(db, r, scenarioFieldsOf(i)),
  }),
  updateScenario: edit({
    schema: UpdateScenarioInput,
    run: (db, r, i) => scenarioEntity.update(db, r, i.scenario_key, scenarioFieldsOf(i), i.renamed_steps),
  }),
  createTool: edit({ schema: CreateToolInput, run: (db, r, i) => toolEntity.create(db, r, i.tool) }),
  updateTool: edit({ schema: UpdateToolInput, run: (db, r, i) => toolEntity.update(db, r, i.tool_key, i.tool) }),
  createProfileField: edit({
    schema: CreateProfileFieldInput,
    run: (db, r, i) => profileFieldEntity.create(db, r, profileFieldOf(i)),
  }),
  updateProfileField: edit({
    schema: UpdateProfileFieldInput,
    run: (db, r, i) => profileFieldEntity.update(db, r, i.loaded_name, profileFieldOf(i)),
  }),
  createVariable: edit({ schema: CreateVariableInput, run: (db, r, i) => variableEntity.create(db, r, variableOf(i)) }),
  updateVariable: edit({
    schema: UpdateVariableInput,
    run: (db, r, i) => variableEntity.update(db, r, i.loaded_name, variableOf(i)),
  }),
  createKnowledgeSource: edit({
    schema: CreateKnowledgeSourceInput,
    run: async (db, r, i) =>
      knowledgeSourceEntity.create(db, r, (await sourceToAdd(db, r.agentKey, sourceOfCreate(i))).source),
  }),
  updateKnowledgeSource: edit({
    schema: UpdateKnowledgeSourceInput,
    run: async (db, r, i) =>
      knowledgeSourceEntity.update(
        db,
        r,
        i.source_key,
        (await sourceToReplace(i.source_key, sourceOfUpdate(i))).source,
      ),
  }),
  updateAgentSettings: edit({
    schema: UpdateAgentSettingsInput,
    run: (db, r, i) => updateAgentSettings(db, r, i.settings),
  }),
} satisfies Record<PreviewableEdit, EditDefinition<z.ZodType>>;

/**
 * Runs an editor save as a dry run with `draft` set on its request: the same schema, the same checks
 * against the whole agent, the same field errors — and a rollback instead of a commit.
 */
export async function dryRunEdit(
  db: Database,
  kind: PreviewableEdit,
  rawInput: unknown,
  ctx: { actor: Actor; requestId: string; draft: NonNullable<ConfigChangeRequest["draft"]> },
): Promise<{ agentKey: string; expectedVersion: number }> {
  const definition = EDITS[kind] as EditDefinition<z.ZodType<{ agent_key: string; expected_config_version: number }>>;
  const parsed = definition.schema.safeParse(rawInput);
  if (!parsed.success) {
    // Keyed by the save form's own top-level fields, as Save reports them.
    const issues = parsed.error.issues.map((issue) => ({
      path: String(issue.path[0] ?? "(root)"),
      message: issue.message,
    }));
    throw new AppError("VALIDATION", "Some fields need attention.", issues);
  }
  // A dry run opens no policy: nothing is kept, so there is nothing to gate or record.
  const request = { ...configChangeRequest(parsed.data, { ...ctx, policies: [] }), draft: ctx.draft };
  await definition.run(db, request, parsed.data);
  return { agentKey: request.agentKey, expectedVersion: request.expectedVersion };
}

import "server-only";
import { credentialNamesOf } from "@/db/queries/credentials";
import { insertToolRow } from "@/db/queries/tools";
import type { AgentRow, Database, DbOrTx } from "@/db/types";
import { toolColumns } from "@/lib/bundles/entity-columns";
import type { EntityFieldDiff } from "@/lib/bundles/entity-field-diff";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { AppError, type FieldIssue } from "@/lib/server/errors";
import { canonicalTool } from "@/lib/tools/canonical-tool";
import type { ImportOpenApiBody, ImportOpenApiResult } from "@/lib/tools/openapi/openapi-import-schemas";
import { OpenApiImportError } from "@/lib/tools/openapi/openapi-issue";
import { type OpenApiImportPlan, planOpenApiImport } from "@/lib/tools/openapi/plan-openapi-import";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "@/lib/versioning/server/change-agent-config";
import { toolIssues } from "./tool-issues";

// POST /api/v1/agents/{key}/tools/import-openapi (docs/tools.md#import-from-openapi): the picked
// operations of an OpenAPI document as http tools, all in ONE config change (one version, one
// transaction, one CONFIG_CHANGED event listing them) through the editors' write path and its save
// policies. Every refusal is a 422 with the paths of its problems, and nothing is written.

/** The plan against the agent as it is now: each tool checked as a tool save checks it, in turn. */
async function checkedPlan(db: DbOrTx, agent: AgentRow, bundle: Bundle, body: ImportOpenApiBody) {
  const credentialNames = new Set(await credentialNamesOf(db, agent.id));
  let plan: OpenApiImportPlan;
  try {
    plan = planOpenApiImport(body, {
      toolKeys: new Set(bundle.tools.map((tool) => tool.key)),
      takenNames: new Set([...bundle.profile_fields.map((f) => f.field_name), ...bundle.variables.map((v) => v.name)]),
      credentialNames,
    });
  } catch (error) {
    if (error instanceof OpenApiImportError) throw new AppError("VALIDATION", error.message, error.issues);
    throw error;
  }
  const issues: FieldIssue[] = [];
  let candidate = bundle;
  const tools = plan.tools.map((made, index) => {
    const tool = canonicalTool(made.tool);
    for (const issue of toolIssues(candidate, tool, null)) {
      issues.push({ path: `operations[${index}].${issue.path}`, message: issue.message });
    }
    candidate = { ...candidate, tools: [...candidate.tools, tool] };
    return { ...made, tool };
  });
  const [first] = issues;
  if (first) throw new AppError("VALIDATION", `Nothing was imported: ${first.path}: ${first.message}`, issues);
  return { ...plan, tools };
}

function importDiff(plan: OpenApiImportPlan): EntityFieldDiff {
  const diff: EntityFieldDiff = {};
  for (const { tool } of plan.tools) {
    for (const [field, change] of Object.entries(diffToolFields(null, tool))) diff[`${tool.key}.${field}`] = change;
  }
  return diff;
}

export async function importOpenApiTools(
  db: Database,
  request: ConfigChangeRequest,
  body: ImportOpenApiBody,
): Promise<ImportOpenApiResult> {
  if (body.dry_run) {
    return db.transaction(
      async (tx) => {
        const agent = await requireAgent(tx, request.agentKey);
        const plan = await checkedPlan(tx, agent, await readAgentBundle(tx, agent), body);
        return { dry_run: true, config_version: agent.configVersion, ...plan };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  }
  const outcome = await changeAgentConfig(db, request, async (tx, agent, bundle) => {
    const plan = await checkedPlan(tx, agent, bundle, body);
    for (const { tool } of plan.tools) await insertToolRow(tx, agent.id, toolColumns(tool));
    const key = plan.tools.map(({ tool }) => tool.key).join(", ");
    return { entity: "tool", key, action: "imported", diff: importDiff(plan), result: plan };
  });
  return { dry_run: false, config_version: outcome.config_version, ...outcome.result };
}

import "server-only";
import type { EntityOps } from "@/lib/config-as-code/server/config-entity-routes";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { toolEntity } from "./tool-entity";

// The tools' REST saves (POST /agents/{key}/tools and the rest): the editors' saves, except that a new
// http tool calling with another method than GET asks for approval when the body does not say
// `requires_approval`, as the console editor's default does (docs/tools.md#the-request). Replacing a
// tool keeps what it says: absent is off there, as in every bundle.

function withApprovalDefault(tool: BundleTool): BundleTool {
  if (tool.kind !== "http" || tool.requires_approval !== undefined || tool.output.method === "GET") return tool;
  return { ...tool, requires_approval: true };
}

export const toolRestOps: EntityOps<BundleTool> = {
  ...toolEntity,
  outcomes: {
    ...toolEntity.outcomes,
    create: (db, request, draft) => toolEntity.outcomes.create(db, request, withApprovalDefault(draft)),
  },
};

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { toolRestOps } from "@/lib/tools/server/tool-rest-ops";

// GET /api/v1/agents/{key}/tools → the list; POST → 201 a new one (docs/config-as-code.md); a new
// non-GET http tool without requires_approval asks for approval (tool-rest-ops.ts).
const routes = configEntityRoutes("tools", CONFIG_KINDS.tools.schema, toolRestOps, SAVE_POLICIES);
export const GET = routes.list;
export const POST = routes.create;

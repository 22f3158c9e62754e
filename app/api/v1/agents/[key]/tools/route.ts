import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { toolEntity } from "@/lib/tools/server/tool-entity";

// GET /api/v1/agents/{key}/tools → the list; POST → 201 a new one (docs/config-as-code.md).
const routes = configEntityRoutes("tools", CONFIG_KINDS.tools.schema, toolEntity, SAVE_POLICIES);
export const GET = routes.list;
export const POST = routes.create;

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { variableEntity } from "@/lib/fields/server/variable-entity";

// GET /api/v1/agents/{key}/variables → the list; POST → 201 a new one (docs/config-as-code.md).
const routes = configEntityRoutes("variables", CONFIG_KINDS.variables.schema, variableEntity, SAVE_POLICIES);
export const GET = routes.list;
export const POST = routes.create;

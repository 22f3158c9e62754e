import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { variableEntity } from "@/lib/fields/server/variable-entity";

// GET, PUT (If-Match: "<config_version>"), DELETE /api/v1/agents/{key}/variables/{entity_key} (docs/config-as-code.md).
const routes = configEntityRoutes("variables", CONFIG_KINDS.variables.schema, variableEntity, SAVE_POLICIES);
export const GET = routes.get;
export const PUT = routes.put;
export const DELETE = routes.remove;

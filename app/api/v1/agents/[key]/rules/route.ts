import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { ruleEntity } from "@/lib/rules/server/rule-entity";

// GET /api/v1/agents/{key}/rules → the list; POST → 201 a new one (docs/config-as-code.md).
const routes = configEntityRoutes("rules", CONFIG_KINDS.rules.schema, ruleEntity, SAVE_POLICIES);
export const GET = routes.list;
export const POST = routes.create;

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";

// GET, PUT (If-Match: "<config_version>"), DELETE /api/v1/agents/{key}/profile-fields/{entity_key} (docs/config-as-code.md).
const routes = configEntityRoutes(
  "profile-fields",
  CONFIG_KINDS["profile-fields"].schema,
  profileFieldEntity,
  SAVE_POLICIES,
);
export const GET = routes.get;
export const PUT = routes.put;
export const DELETE = routes.remove;

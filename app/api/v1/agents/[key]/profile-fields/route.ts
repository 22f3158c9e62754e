import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CONFIG_KINDS } from "@/lib/config-as-code/config-kinds";
import { configEntityRoutes } from "@/lib/config-as-code/server/config-entity-routes";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";

// GET /api/v1/agents/{key}/profile-fields → the list; POST → 201 a new one (docs/config-as-code.md).
const routes = configEntityRoutes(
  "profile-fields",
  CONFIG_KINDS["profile-fields"].schema,
  profileFieldEntity,
  SAVE_POLICIES,
);
export const GET = routes.list;
export const POST = routes.create;

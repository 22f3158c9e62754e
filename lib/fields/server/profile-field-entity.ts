import "server-only";
import {
  deleteProfileFieldRow,
  insertProfileFieldRow,
  profileFieldIdByName,
  renameProfileValues,
  updateProfileFieldRow,
} from "@/db/queries/fields";
import { profileFieldColumns } from "@/lib/bundles/entity-columns";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { diffProfileField } from "@/lib/fields/entity-diffs";
import type { ProfileField, ProfileFieldChangeResult } from "@/lib/fields/field-action-schemas";
import { configEntity, oneRow } from "@/lib/versioning/server/config-entity/config-entity";
import { assertProfileFieldFits, assertUnused } from "./field-issues";
import { bumpProfileSchemaVersion } from "./profile-schema-version";

const row = oneRow({
  keyOf: (field: ProfileField) => field.field_name,
  listOf: (bundle: Bundle) => bundle.profile_fields,
  find: { idOf: profileFieldIdByName, noun: "profile field", reload: "reload the page" },
  write: {
    columns: profileFieldColumns,
    insert: insertProfileFieldRow,
    update: updateProfileFieldRow,
    remove: deleteProfileFieldRow,
  },
});

/**
 * Profile field definitions. Every write bumps profile_schema_version (profile-schema-version.ts). A
 * rename is refused while rules or tool inputs use the old name, and moves customers' stored values to
 * the new name; a delete is refused while a rule's expression or a tool input reads it. Stored customer
 * profiles are not rewritten on delete: each records the profile_schema_version it was written under.
 */
export const profileFieldEntity = configEntity({
  entity: "profile_field",
  ...row,
  diff: diffProfileField,
  assertFits: (bundle, field, replacing) => assertProfileFieldFits(bundle, field, replacing?.value.field_name ?? null),
  assertDeletable: (bundle, stored) => assertUnused(bundle, "profile_field", stored.value.field_name),
  update: async (tx, agent, stored, field) => {
    await row.update(tx, agent, stored, field);
    const loadedName = stored.value.field_name;
    if (field.field_name !== loadedName) await renameProfileValues(tx, agent.id, loadedName, field.field_name);
  },
  afterWrite: bumpProfileSchemaVersion,
  unchangedExtra: (agent) => agent.profileSchemaVersion,
  reply: ({ config_version, changed, value, extra }): ProfileFieldChangeResult => ({
    config_version,
    profile_schema_version: extra,
    changed,
    field: value,
  }),
});

import "server-only";
import { renameProfileValues, updateProfileFieldRow } from "@/db/queries/fields";
import type { Database } from "@/db/types";
import { diffProfileField } from "@/lib/fields/entity-diffs";
import type { ProfileField, ProfileFieldChangeResult } from "@/lib/fields/field-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { profileFieldColumns } from "./field-columns";
import { assertProfileFieldFits } from "./field-issues";
import { findProfileField } from "./find-field-rows";
import { bumpProfileSchemaVersion } from "./profile-schema-version";

/**
 * Replaces the profile field loaded as `loadedName` (a new field_name renames it, refused while rules
 * or tool inputs use the old name; customers' stored values move to the new name). A save that
 * changes nothing writes nothing.
 */
export async function updateProfileField(
  db: Database,
  request: ConfigChangeRequest,
  loadedName: string,
  field: ProfileField,
): Promise<ProfileFieldChangeResult> {
  const outcome = await changeAgentConfig<{ field: ProfileField; schema: number }>(
    db,
    request,
    async (tx, agent, bundle) => {
      const current = await findProfileField(tx, agent, bundle, loadedName);
      const diff = diffProfileField(current.field, field);
      if (Object.keys(diff).length === 0) {
        return { unchanged: { field: current.field, schema: agent.profileSchemaVersion } };
      }
      assertProfileFieldFits(bundle, field, loadedName);
      await updateProfileFieldRow(tx, current.id, profileFieldColumns(field));
      if (field.field_name !== loadedName) await renameProfileValues(tx, agent.id, loadedName, field.field_name);
      const schema = await bumpProfileSchemaVersion(tx, agent);
      return {
        entity: "profile_field",
        key: field.field_name,
        action: "updated",
        diff,
        previous_key: field.field_name === loadedName ? undefined : loadedName,
        result: { field, schema },
      };
    },
  );
  return {
    config_version: outcome.config_version,
    profile_schema_version: outcome.result.schema,
    changed: outcome.changed,
    field: outcome.result.field,
  };
}

import "server-only";
import { insertProfileFieldRow } from "@/db/queries/fields";
import type { Database } from "@/db/types";
import { diffProfileField } from "@/lib/fields/entity-diffs";
import type { ProfileField, ProfileFieldChangeResult } from "@/lib/fields/field-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { profileFieldColumns } from "./field-columns";
import { assertProfileFieldFits } from "./field-issues";
import { bumpProfileSchemaVersion } from "./profile-schema-version";

/** Adds a profile field: checked against the agent, one new config version and profile schema version. */
export async function createProfileField(
  db: Database,
  request: ConfigChangeRequest,
  field: ProfileField,
): Promise<ProfileFieldChangeResult> {
  const outcome = await changeAgentConfig<{ field: ProfileField; schema: number }>(
    db,
    request,
    async (tx, agent, bundle) => {
      assertProfileFieldFits(bundle, field, null);
      await insertProfileFieldRow(tx, agent.id, profileFieldColumns(field));
      const schema = await bumpProfileSchemaVersion(tx, agent);
      return {
        entity: "profile_field",
        key: field.field_name,
        action: "created",
        diff: diffProfileField(null, field),
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

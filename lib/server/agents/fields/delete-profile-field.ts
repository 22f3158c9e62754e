import "server-only";
import { deleteProfileFieldRow } from "@/db/queries/fields";
import type { Database } from "@/db/types";
import { diffProfileField } from "@/lib/fields/entity-diffs";
import type { ProfileField, ProfileFieldChangeResult } from "@/lib/fields/field-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { assertUnused } from "./field-issues";
import { findProfileField } from "./find-field-rows";
import { bumpProfileSchemaVersion } from "./profile-schema-version";

/**
 * Deletes a profile field, refused while a rule's expression or a tool input reads it. The ledger
 * event keeps every field's last value, so the designer can re-create it. Stored customer profiles
 * are not rewritten: each records the profile_schema_version it was written under.
 */
export async function deleteProfileField(
  db: Database,
  request: ConfigChangeRequest,
  name: string,
): Promise<ProfileFieldChangeResult> {
  const outcome = await changeAgentConfig<{ field: ProfileField | null; schema: number }>(
    db,
    request,
    async (tx, agent, bundle) => {
      const current = await findProfileField(tx, agent, bundle, name);
      assertUnused(bundle, "profile_field", name);
      await deleteProfileFieldRow(tx, current.id);
      const schema = await bumpProfileSchemaVersion(tx, agent);
      return {
        entity: "profile_field",
        key: name,
        action: "deleted",
        diff: diffProfileField(current.field, null),
        result: { field: null, schema },
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

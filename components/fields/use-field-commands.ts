"use client";

import { type RowCommandsOptions, useConfigCommands } from "@/components/config-editor/use-config-commands";
import { createProfileFieldAction } from "@/lib/actions/fields/create-profile-field";
import { createVariableAction } from "@/lib/actions/fields/create-variable";
import { deleteProfileFieldAction } from "@/lib/actions/fields/delete-profile-field";
import { deleteVariableAction } from "@/lib/actions/fields/delete-variable";
import type { ProfileField, ResponseVariable } from "@/lib/fields/field-action-schemas";

/** The tables' delete commands, each one save with a toast and an undo that re-creates the entity. */
export function useFieldCommands({ agentKey, version, onVersion }: RowCommandsOptions) {
  const commands = useConfigCommands({ onVersion });

  function removeField(field: ProfileField, onDone: () => void) {
    commands.removeWithUndo(
      field.field_name,
      () =>
        deleteProfileFieldAction({
          agent_key: agentKey,
          field_name: field.field_name,
          expected_config_version: version,
        }),
      (at) => createProfileFieldAction({ ...field, agent_key: agentKey, expected_config_version: at }),
      onDone,
    );
  }

  function removeVariable(variable: ResponseVariable, onDone: () => void) {
    commands.removeWithUndo(
      variable.name,
      () => deleteVariableAction({ agent_key: agentKey, name: variable.name, expected_config_version: version }),
      (at) => createVariableAction({ ...variable, agent_key: agentKey, expected_config_version: at }),
      onDone,
    );
  }

  return { pendingName: commands.pendingKey, removeField, removeVariable };
}

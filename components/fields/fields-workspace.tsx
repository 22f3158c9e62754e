"use client";

import { useState } from "react";
import { HistoryButton } from "@/components/config-editor/page-actions";
import { usePageVersion } from "@/components/config-editor/use-page-version";
import { PageHeader } from "@/components/ui/page-header";
import type { ProfileField, ResponseVariable } from "@/lib/fields/field-action-schemas";
import type { FieldsWorkspaceData } from "@/lib/fields/fields-workspace";
import { DefinitionsCard } from "./definitions-card";
import { DeleteEntityDialog } from "./delete-entity-dialog";
import { ProfileFieldEditor } from "./profile-field-editor";
import { ProfileFieldsTable } from "./profile-fields-table";
import { useFieldCommands } from "./use-field-commands";
import { VariableEditor } from "./variable-editor";
import { VariablesTable } from "./variables-table";

type Editing =
  | { kind: "field"; field: ProfileField | null; loadedVersion: number; id: number }
  | { kind: "variable"; variable: ResponseVariable | null; loadedVersion: number; id: number };

type Deleting = { kind: "field"; field: ProfileField } | { kind: "variable"; variable: ResponseVariable };

interface FieldsWorkspaceProps {
  data: FieldsWorkspaceData;
  canEdit: boolean;
}

/** The Fields & Variables page: the two tables, their editor drawers with testers, and deletes with undo. */
export function FieldsWorkspace({ data, canEdit }: FieldsWorkspaceProps) {
  const { version, onSaved: setSavedVersion } = usePageVersion(data.agent.configVersion);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const commands = useFieldCommands({ agentKey: data.agent.key, version, onVersion: setSavedVersion });

  const editField = (field: ProfileField | null) =>
    setEditing({ kind: "field", field, loadedVersion: version, id: Date.now() });
  const editVariable = (variable: ResponseVariable | null) =>
    setEditing({ kind: "variable", variable, loadedVersion: version, id: Date.now() });
  const deletingName = deleting
    ? deleting.kind === "field"
      ? deleting.field.field_name
      : deleting.variable.name
    : null;

  // Both tables: a row opens its editor (read-only for a viewer); designers also edit and delete.
  const tableOf = <T,>(edit: (row: T) => void, remove: (row: T) => void) => ({
    agentKey: data.agent.key,
    uses: data.uses,
    pendingName: commands.pendingName,
    onView: edit,
    handlers: canEdit ? { onEdit: edit, onDelete: remove } : null,
  });

  const editorProps = {
    data,
    currentVersion: version,
    readOnly: !canEdit,
    onSaved: setSavedVersion,
    onClose: () => setEditing(null),
  };

  return (
    <>
      <PageHeader
        title="Fields & Variables"
        description={`${data.agent.name} · v${version} · profile schema v${data.agent.profileSchemaVersion} · ${data.profileFields.length} profile fields, ${data.variables.length} response variables. Every save is a new version with a ledger diff.`}
        actions={<HistoryButton agentKey={data.agent.key} />}
      />
      <div className="space-y-4">
        <DefinitionsCard
          title="Profile fields"
          description="What the sensor may extract about a customer. A value reaches the profile only if every validation rule holds. Each change is a new profile schema version."
          noun="profile field"
          example="e.g. tier, country"
          count={data.profileFields.length}
          canEdit={canEdit}
          onNew={() => editField(null)}
        >
          <ProfileFieldsTable
            rows={data.profileFields}
            {...tableOf<ProfileField>(editField, (field) => setDeleting({ kind: "field", field }))}
          />
        </DefinitionsCard>
        <DefinitionsCard
          title="Response variables"
          description="Extracted from each draft reply, so expression checks such as refund_amount <= 50 can run before the reply is sent."
          noun="response variable"
          example="e.g. refund_amount with a $ pattern"
          count={data.variables.length}
          canEdit={canEdit}
          onNew={() => editVariable(null)}
        >
          <VariablesTable
            rows={data.variables}
            {...tableOf<ResponseVariable>(editVariable, (variable) => setDeleting({ kind: "variable", variable }))}
          />
        </DefinitionsCard>
      </div>
      {editing?.kind === "field" ? (
        <ProfileFieldEditor
          key={editing.id}
          field={editing.field}
          loadedVersion={editing.loadedVersion}
          {...editorProps}
        />
      ) : null}
      {editing?.kind === "variable" ? (
        <VariableEditor
          key={editing.id}
          variable={editing.variable}
          loadedVersion={editing.loadedVersion}
          {...editorProps}
        />
      ) : null}
      <DeleteEntityDialog
        target={
          deleting === null || deletingName === null
            ? null
            : {
                kind: deleting.kind === "field" ? "profile field" : "response variable",
                name: deletingName,
                effect:
                  deleting.kind === "field"
                    ? "The sensor stops extracting it from the next turn; stored profiles keep what they hold."
                    : "Replies stop being scanned for it from the next turn.",
                use: data.uses[deletingName],
              }
        }
        agentKey={data.agent.key}
        version={version}
        pending={deletingName !== null && commands.pendingName === deletingName}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const done = () => setDeleting(null);
          if (deleting.kind === "field") commands.removeField(deleting.field, done);
          else commands.removeVariable(deleting.variable, done);
        }}
      />
    </>
  );
}

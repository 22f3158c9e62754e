"use client";

import { useRouter } from "next/navigation";
import { ConfigPageActions, NewButton } from "@/components/config-editor/page-actions";
import { useDeleteDialog } from "@/components/config-editor/use-delete-dialog";
import { useOpenedEditor } from "@/components/config-editor/use-opened-editor";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { toast } from "@/components/ui/toaster";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { plural } from "@/lib/text/plural";
import type { ToolsWorkspaceData } from "@/lib/tools/tools-workspace";
import { DeleteToolDialog } from "./delete-tool-dialog";
import { OpenApiImportDialog } from "./openapi-import-dialog";
import { ToolEditorDrawer } from "./tool-editor-drawer";
import { ToolsTable } from "./tools-table";
import { useToolCommands } from "./use-tool-commands";

interface ToolsWorkspaceProps {
  data: ToolsWorkspaceData;
  canEdit: boolean;
}

/** The Tools page: the list, the editor drawer with its Try it panel, the delete confirmation. */
export function ToolsWorkspace({ data, canEdit }: ToolsWorkspaceProps) {
  const { version, onSaved, opened, open, editorProps } = useOpenedEditor("tool", data.tools, data, canEdit);
  const commands = useToolCommands({ agentKey: data.agent.key, version, onVersion: onSaved, onDuplicated: open });
  const deletion = useDeleteDialog<BundleTool>(data.agent.key, version, commands);
  const router = useRouter();
  const n = data.tools.length;

  return (
    <>
      <PageHeader
        title="Tools"
        description={`${data.agent.name} · v${version} · ${plural(n, "tool")}, run once each when a matched rule attaches them. Every save is a new version with a ledger diff.`}
        actions={
          <>
            {canEdit ? (
              <OpenApiImportDialog
                agentKey={data.agent.key}
                credentialNames={data.credentialNames}
                onImported={(result) => {
                  onSaved(result.config_version);
                  toast.success(
                    `Imported ${plural(result.tools.length, "tool")}: ${result.tools.map((t) => t.tool.key).join(", ")}`,
                  );
                  router.refresh();
                }}
              />
            ) : null}
            <ConfigPageActions
              agentKey={data.agent.key}
              newLabel="New tool"
              onNew={canEdit ? () => open(null) : null}
            />
          </>
        }
      />
      {n === 0 ? (
        <EmptyState
          title="No tools yet"
          description={
            canEdit
              ? "Create the first tool with New tool — static data for demos and tests, or an HTTP call — then attach it to a rule. Or import a bundle (npm run focal -- import <file>)."
              : "A designer creates tools here, or imports them with a bundle."
          }
          action={canEdit ? <NewButton onClick={() => open(null)}>New tool</NewButton> : null}
        />
      ) : (
        <ToolsTable
          agentKey={data.agent.key}
          tools={data.tools}
          usedBy={data.usedBy}
          hostStatus={data.hostStatus}
          unconfigured={data.unconfigured}
          pendingKey={commands.pendingKey}
          onView={(tool) => open(tool)}
          handlers={
            canEdit ? { onEdit: (tool) => open(tool), onDuplicate: commands.duplicate, onDelete: deletion.ask } : null
          }
        />
      )}
      {opened ? (
        <ToolEditorDrawer key={opened.id} tool={opened.entity} loadedVersion={opened.loadedVersion} {...editorProps} />
      ) : null}
      <DeleteToolDialog {...deletion.dialog} usedBy={deletion.entity ? (data.usedBy[deletion.entity.key] ?? []) : []} />
    </>
  );
}

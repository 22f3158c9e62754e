"use client";

import { Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { ToolsWorkspaceData } from "@/lib/tools-editor/tools-workspace";
import { DeleteToolDialog } from "./delete-tool-dialog";
import { ToolEditorDrawer, type ToolEditorTarget } from "./tool-editor-drawer";
import { ToolsTable } from "./tools-table";
import { useToolCommands } from "./use-tool-commands";

interface ToolsWorkspaceProps {
  data: ToolsWorkspaceData;
  canEdit: boolean;
}

/** The Tools page: the list, the editor drawer with its Try it panel, the delete confirmation. */
export function ToolsWorkspace({ data, canEdit }: ToolsWorkspaceProps) {
  // The newest version this page knows: the server's, or a save of ours the refresh has not brought yet.
  const [savedVersion, setSavedVersion] = useState(0);
  const version = Math.max(data.agent.configVersion, savedVersion);
  const [editor, setEditor] = useState<(ToolEditorTarget & { id: number }) | null>(null);
  const [deleting, setDeleting] = useState<BundleTool | null>(null);

  const open = (tool: BundleTool | null, loadedVersion = version) => setEditor({ tool, loadedVersion, id: Date.now() });
  const commands = useToolCommands({
    agentKey: data.agent.key,
    version,
    onVersion: setSavedVersion,
    onDuplicated: (copy, at) => open(copy, at),
  });
  const n = data.tools.length;

  return (
    <>
      <PageHeader
        title="Tools"
        description={`${data.agent.name} · v${version} · ${n} tool${n === 1 ? "" : "s"}, run once each when a matched rule attaches them. Every save is a new version with a ledger diff.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={`/agents/${data.agent.key}/history`}>History</Link>
            </Button>
            {canEdit ? (
              <Button type="button" onClick={() => open(null)}>
                <Plus aria-hidden="true" />
                New tool
              </Button>
            ) : null}
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
          action={
            canEdit ? (
              <Button type="button" onClick={() => open(null)}>
                <Plus aria-hidden="true" />
                New tool
              </Button>
            ) : null
          }
        />
      ) : (
        <ToolsTable
          agentKey={data.agent.key}
          tools={data.tools}
          usedBy={data.usedBy}
          hostStatus={data.hostStatus}
          pendingKey={commands.pendingKey}
          onView={(tool) => open(tool)}
          handlers={
            canEdit ? { onEdit: (tool) => open(tool), onDuplicate: commands.duplicate, onDelete: setDeleting } : null
          }
        />
      )}
      {editor ? (
        <ToolEditorDrawer
          key={editor.id}
          target={editor}
          data={data}
          currentVersion={version}
          readOnly={!canEdit}
          onSaved={setSavedVersion}
          onClose={() => setEditor(null)}
        />
      ) : null}
      <DeleteToolDialog
        agentKey={data.agent.key}
        tool={deleting}
        usedBy={deleting ? (data.usedBy[deleting.key] ?? []) : []}
        version={version}
        pending={deleting !== null && commands.pendingKey === deleting.key}
        onCancel={() => setDeleting(null)}
        onConfirm={(tool) => commands.remove(tool, () => setDeleting(null))}
      />
    </>
  );
}

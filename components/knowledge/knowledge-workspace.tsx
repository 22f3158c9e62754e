"use client";

import { Link2 } from "lucide-react";
import { useState } from "react";
import { ConfigPageActions, NewButton } from "@/components/config-editor/page-actions";
import { useDeleteDialog } from "@/components/config-editor/use-delete-dialog";
import { useOpenedEditor } from "@/components/config-editor/use-opened-editor";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { KnowledgeKind } from "@/lib/knowledge/knowledge-form";
import type { KnowledgeGaps } from "@/lib/knowledge/knowledge-gap-schemas";
import type { KnowledgePageData, KnowledgePageSource } from "@/lib/knowledge/knowledge-page";
import { plural } from "@/lib/text/plural";
import { DeleteKnowledgeSourceDialog } from "./delete-knowledge-source-dialog";
import { KnowledgeGapsSection } from "./knowledge-gaps";
import { KnowledgePlayground } from "./knowledge-playground";
import { KnowledgeSourceDrawer } from "./knowledge-source-drawer";
import { KnowledgeSourcesTable } from "./knowledge-sources-table";
import { useKnowledgeCommands } from "./use-knowledge-commands";

interface KnowledgeWorkspaceProps {
  data: KnowledgePageData;
  gaps: KnowledgeGaps;
  canEdit: boolean;
}

/** The Knowledge page: the agent's sources, the Add and Edit source drawer, the delete confirmation, the gaps, the playground. */
export function KnowledgeWorkspace({ data, gaps, canEdit }: KnowledgeWorkspaceProps) {
  const { version, onSaved, opened, open, editorProps } = useOpenedEditor("source", data.sources, data, canEdit);
  const commands = useKnowledgeCommands({ agentKey: data.agent.key, version, onVersion: onSaved });
  const deletion = useDeleteDialog<KnowledgePageSource>(data.agent.key, version, commands);
  const scenarioNames = Object.fromEntries(data.scenarios.map((s) => [s.key, s.name]));
  const n = data.sources.length;
  // The kind a new source's drawer starts on: Add from a URL opens it on "url".
  const [newKind, setNewKind] = useState<KnowledgeKind>("markdown");
  const addSource = () => {
    setNewKind("markdown");
    open(null);
  };
  const addFromUrl = () => {
    setNewKind("url");
    open(null);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Knowledge"
        description={`${data.agent.name} · v${version} · ${plural(n, "source")} the agent answers from; a question they do not answer gets “I don't know” instead of a guess. Every save is a new version with a ledger diff.`}
        actions={
          <>
            {canEdit ? (
              <Button type="button" variant="outline" onClick={addFromUrl}>
                <Link2 aria-hidden="true" />
                Add from a URL
              </Button>
            ) : null}
            <ConfigPageActions agentKey={data.agent.key} newLabel="Add source" onNew={canEdit ? addSource : null} />
          </>
        }
      />
      {n === 0 ? (
        <EmptyState
          title="No knowledge sources yet"
          description={
            canEdit
              ? "Add a source: paste your returns policy, shipping times or an FAQ, and the agent answers from it — and says it does not know when it doesn't cover a question."
              : "A designer adds sources here: policies, shipping times or an FAQ the agent answers from."
          }
          action={canEdit ? <NewButton onClick={addSource}>Add source</NewButton> : null}
        />
      ) : (
        <KnowledgeSourcesTable
          sources={data.sources}
          scenarioNames={scenarioNames}
          pendingKey={commands.pendingKey}
          commands={
            canEdit ? { onEdit: (source) => open(source), onDelete: deletion.ask, onRefresh: commands.refresh } : null
          }
        />
      )}
      {/* Without a source the agent never abstains: no gaps to show until the first one is added. */}
      {n > 0 || gaps.groups.length > 0 ? (
        <KnowledgeGapsSection
          agentKey={data.agent.key}
          gaps={gaps}
          sources={data.sources}
          version={version}
          onSaved={onSaved}
          canEdit={canEdit}
        />
      ) : null}
      <KnowledgePlayground agentKey={data.agent.key} />
      {opened && canEdit ? (
        <KnowledgeSourceDrawer
          key={opened.id}
          source={opened.entity}
          newKind={newKind}
          loadedVersion={opened.loadedVersion}
          {...editorProps}
        />
      ) : null}
      <DeleteKnowledgeSourceDialog {...deletion.dialog} />
    </div>
  );
}

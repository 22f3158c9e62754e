"use client";

import {
  DeleteConfigEntityDialog,
  type DeleteEntityProps,
} from "@/components/config-editor/delete-config-entity-dialog";
import type { KnowledgePageSource } from "@/lib/knowledge/knowledge-page";
import { plural } from "@/lib/text/plural";

export function DeleteKnowledgeSourceDialog({ agentKey, version, ...dialog }: DeleteEntityProps<KnowledgePageSource>) {
  const source = dialog.entity;
  return (
    <DeleteConfigEntityDialog
      kind="knowledge source"
      description={
        source
          ? `“${source.title}” and its ${plural(source.passages, "passage")} are no longer searched: questions only it answered get “I don't know”. Deleting makes v${version + 1}; the ledger keeps the whole source, and the toast offers an undo.`
          : null
      }
      blocker={null}
      {...dialog}
    />
  );
}

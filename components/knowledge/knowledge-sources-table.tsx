"use client";

import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { type Column, ColumnTable } from "@/components/ui/column-table";
import { Mono } from "@/components/ui/mono";
import { RowButton } from "@/components/ui/row-button";
import { knowledgeKindLabel } from "@/lib/knowledge/knowledge-form";
import type { KnowledgePageSource } from "@/lib/knowledge/knowledge-page";

interface KnowledgeSourcesTableProps {
  sources: KnowledgePageSource[];
  /** The scenarios' names, by key, for a scenario-scoped source. */
  scenarioNames: Record<string, string>;
  pendingKey: string | null;
  /** null for a viewer: no delete. */
  onDelete: ((source: KnowledgePageSource) => void) | null;
  /** null for a viewer: no edit. */
  onEdit: ((source: KnowledgePageSource) => void) | null;
}

/**
 * The passages input safety reads as instructions to the agent ("ignore your rules and …"): they are
 * quoted to the model as data all the same, so this asks the designer to look, it blocks nothing.
 */
function InstructionsWarning({ instructions }: Pick<KnowledgePageSource, "instructions">) {
  if (instructions.length === 0) return null;
  const where = instructions.map((p) => p.heading_path.join(" › ") || "the opening").join("; ");
  const flagged = instructions.some((p) => p.verdict === "flagged");
  return (
    <Badge
      variant={flagged ? "warning" : "neutral"}
      data-testid="knowledge-instructions"
      title={`Read as instructions to the agent, in: ${where}. They stay quoted data; reword them if they were not meant for the agent.`}
    >
      {instructions.length === 1 ? "1 passage reads" : `${instructions.length} passages read`} as instructions
    </Badge>
  );
}

/** The agent's knowledge sources: title and key, kind, where it applies, and how many passages it gives. */
export function KnowledgeSourcesTable({
  sources,
  scenarioNames,
  pendingKey,
  onDelete,
  onEdit,
}: KnowledgeSourcesTableProps) {
  const columns: Column<KnowledgePageSource>[] = [
    {
      label: "Source",
      cell: (source) => (
        <div className="flex min-w-0 flex-col">
          <span className="font-medium">{source.title}</span>
          <Mono className="text-muted-foreground text-xs">{source.key}</Mono>
        </div>
      ),
    },
    { label: "Kind", cell: (source) => knowledgeKindLabel(source.kind, source.pages) },
    {
      label: "Scope",
      cell: (source) => (
        <span className="inline-flex items-center gap-1.5">
          <Badge variant={`scope-${source.scope}`} />
          {source.scope_ref ? (
            <span className="text-muted-foreground text-xs">{scenarioNames[source.scope_ref] ?? source.scope_ref}</span>
          ) : null}
        </span>
      ),
    },
    {
      label: "Passages",
      cell: (source) => (
        <div className="flex flex-col items-start gap-1">
          <span className="font-mono tabular-nums" data-testid="knowledge-passages">
            {source.passages}
          </span>
          <InstructionsWarning instructions={source.instructions} />
        </div>
      ),
    },
  ];
  return (
    <ColumnTable
      rows={sources}
      columns={columns}
      rowKey={(source) => source.key}
      testId={(source) => `knowledge-source-${source.key}`}
      pending={pendingKey !== null}
      actions={(source) => (
        <>
          {onEdit ? (
            <RowButton
              label={`Edit ${source.title}`}
              onClick={() => onEdit(source)}
              disabled={pendingKey === source.key}
            >
              <Pencil />
            </RowButton>
          ) : null}
          {onDelete ? (
            <RowButton
              label={`Delete ${source.title}`}
              onClick={() => onDelete(source)}
              disabled={pendingKey === source.key}
            >
              <Trash2 />
            </RowButton>
          ) : null}
        </>
      )}
    />
  );
}

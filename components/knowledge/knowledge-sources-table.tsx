"use client";

import { RefreshCw } from "lucide-react";
import { RowActions, type RowHandlers } from "@/components/config-editor/row-actions";
import { Badge } from "@/components/ui/badge";
import { type Column, ColumnTable } from "@/components/ui/column-table";
import { Mono } from "@/components/ui/mono";
import { RowButton } from "@/components/ui/row-button";
import { fetchTimeText, knowledgeKindLabel, urlHost } from "@/lib/knowledge/knowledge-form";
import type { KnowledgePageSource } from "@/lib/knowledge/knowledge-page";
import { plural } from "@/lib/text/plural";

interface KnowledgeSourcesTableProps {
  sources: KnowledgePageSource[];
  /** The scenarios' names, by key, for a scenario-scoped source. */
  scenarioNames: Record<string, string>;
  pendingKey: string | null;
  /** Edit, delete and a url source's Refresh; null for a viewer: no commands. */
  commands: (RowHandlers<KnowledgePageSource> & { onRefresh: (source: KnowledgePageSource) => void }) | null;
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
export function KnowledgeSourcesTable({ sources, scenarioNames, pendingKey, commands }: KnowledgeSourcesTableProps) {
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
    {
      label: "Kind",
      cell: (source) =>
        source.kind === "url" && source.url ? (
          <UrlSourceCell source={source} />
        ) : (
          knowledgeKindLabel(source.kind, source.pages)
        ),
    },
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
      actions={(source) =>
        commands ? (
          <>
            {source.kind === "url" ? (
              <RowButton
                label={`Refresh ${source.title}`}
                onClick={() => commands.onRefresh(source)}
                disabled={pendingKey === source.key}
              >
                <RefreshCw className={pendingKey === source.key ? "animate-spin" : undefined} />
              </RowButton>
            ) : null}
            <RowActions entity={source} name={source.title} pending={pendingKey === source.key} handlers={commands} />
          </>
        ) : null
      }
    />
  );
}

/** A url source's kind cell: its host (linked), a sitemap's page count, and how its last fetch went. */
function UrlSourceCell({ source }: { source: KnowledgePageSource }) {
  const { fetch } = source;
  const pages = fetch?.sitemap_pages;
  return (
    <div className="flex min-w-0 flex-col" data-testid="knowledge-url">
      <span>
        URL ·{" "}
        <a href={source.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2">
          {urlHost(source.url ?? "")}
        </a>
        {pages != null ? ` · sitemap, ${plural(pages, "page")}` : null}
      </span>
      {fetch === null ? (
        <span className="text-muted-foreground text-xs">Not fetched on this server yet</span>
      ) : fetch.status === "failed" ? (
        <span className="text-destructive text-xs" data-testid="knowledge-fetch-failed">
          Refresh failed {fetchTimeText(fetch.attempted_at)}: {fetch.error}
        </span>
      ) : (
        <span className="text-muted-foreground text-xs">
          Fetched {fetchTimeText(fetch.attempted_at)}
          {source.refresh_hours ? ` · every ${plural(source.refresh_hours, "hour")}` : ""}
        </span>
      )}
    </div>
  );
}

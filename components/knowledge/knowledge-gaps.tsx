"use client";

import { MessageSquarePlus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SectionCard } from "@/components/ui/section-card";
import type { KnowledgeGapGroup, KnowledgeGaps } from "@/lib/knowledge/knowledge-gap-schemas";
import type { KnowledgePageSource } from "@/lib/knowledge/knowledge-page";
import { plural } from "@/lib/text/plural";
import { GapAnswerDialog } from "./gap-answer-dialog";

interface KnowledgeGapsProps {
  agentKey: string;
  gaps: KnowledgeGaps;
  sources: KnowledgePageSource[];
  version: number;
  onSaved: (version: number) => void;
  canEdit: boolean;
}

// UTC, month to minute, as the traces list shows times; the year is in the tooltip.
const utc = (iso: string) => iso.slice(5, 16).replace("T", " ");

/**
 * The Gaps section: what customers asked that the knowledge did not answer (the turns that abstained),
 * near-identical questions together, most asked first, each with an Add an FAQ entry button.
 */
export function KnowledgeGapsSection({ agentKey, gaps, sources, version, onSaved, canEdit }: KnowledgeGapsProps) {
  const [answering, setAnswering] = useState<KnowledgeGapGroup | null>(null);
  const faqSources = sources.filter((s) => s.kind === "faq").map((s) => ({ key: s.key, title: s.title }));
  return (
    <SectionCard
      id="gaps"
      title="Gaps"
      description={`Questions the agent said it does not know, last ${gaps.days} days, every channel (the sandbox too), most asked first.`}
    >
      {gaps.groups.length === 0 ? (
        <EmptyState
          title="No gaps yet"
          description="When a customer asks something the sources do not answer, the question shows up here. Ask one in the sandbox, or try questions in the playground below."
          action={
            <Button asChild variant="outline" size="sm">
              <Link href={`/agents/${encodeURIComponent(agentKey)}/sandbox`}>Open the sandbox</Link>
            </Button>
          }
        />
      ) : (
        <ol className="divide-y divide-border" aria-label="Gaps, most asked first">
          {gaps.groups.map((group) => (
            <GapRow
              key={group.examples[0]?.turn_id ?? group.question}
              agentKey={agentKey}
              group={group}
              onAnswer={canEdit ? () => setAnswering(group) : null}
            />
          ))}
        </ol>
      )}
      {answering ? (
        <GapAnswerDialog
          agentKey={agentKey}
          group={answering}
          faqSources={faqSources}
          version={version}
          onSaved={onSaved}
          onClose={() => setAnswering(null)}
        />
      ) : null}
    </SectionCard>
  );
}

function GapRow({
  agentKey,
  group,
  onAnswer,
}: {
  agentKey: string;
  group: KnowledgeGapGroup;
  onAnswer: (() => void) | null;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-testid="knowledge-gap">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-sm">{group.question}</span>
          <Badge variant="outcome-abstained">{plural(group.count, "time")}</Badge>
          {group.answered_in_version !== null ? (
            <Badge variant="success" title="The latest version answers it; every turn here ran before it">
              answered in v{group.answered_in_version}
            </Badge>
          ) : null}
        </p>
        <p className="text-muted-foreground text-xs">
          last asked{" "}
          <time dateTime={group.last_seen} title={group.last_seen}>
            {utc(group.last_seen)} UTC
          </time>
        </p>
        <ul className="space-y-0.5 text-xs" aria-label="Examples">
          {group.examples.map((example) => (
            <li key={example.turn_id} className="flex min-w-0 gap-2">
              <Link
                href={`/agents/${encodeURIComponent(agentKey)}/traces/${example.turn_id}`}
                className="truncate underline decoration-foreground/30 underline-offset-4 hover:decoration-foreground"
                title="Open this turn's trace"
              >
                “{example.text}”
              </Link>
              {example.channel === "sandbox" ? <span className="text-muted-foreground">sandbox</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {onAnswer && group.answered_in_version === null ? (
        <Button type="button" variant="outline" size="sm" onClick={onAnswer}>
          <MessageSquarePlus aria-hidden="true" />
          Add an FAQ entry
        </Button>
      ) : null}
    </li>
  );
}

"use client";

import { Search } from "lucide-react";
import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SectionCard } from "@/components/ui/section-card";
import { submitWithoutReload } from "@/components/ui/submit-keeping-values";
import { searchKnowledgeAction } from "@/lib/actions/knowledge/search-knowledge";
import type { KnowledgeSearchResult } from "@/lib/knowledge/knowledge-schemas";

/**
 * The search playground: a customer's question, whether the agent would answer it from its knowledge
 * (the verdict and its score), and the passages it would write from, best first. Read-only: viewers may ask.
 */
export function KnowledgePlayground({ agentKey }: { agentKey: string }) {
  const [question, setQuestion] = useState("");
  const [result, setResult] = useState<KnowledgeSearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startSearch] = useTransition();

  function ask() {
    startSearch(async () => {
      const answer = await searchKnowledgeAction({ agent_key: agentKey, q: question });
      setResult(answer.ok ? answer.data : null);
      setError(answer.ok ? null : (answer.fieldErrors?.q?.[0] ?? answer.message));
    });
  }

  return (
    <SectionCard
      title="Playground"
      description="What the agent would find for a first message, at the latest version, and whether it would answer from it."
    >
      <form
        noValidate
        className="flex flex-col gap-1"
        aria-label="Search knowledge"
        onSubmit={submitWithoutReload(ask)}
      >
        <Label htmlFor="knowledge-question">Ask what a customer would ask</Label>
        <div className="flex gap-2">
          <Input
            id="knowledge-question"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="How long does standard shipping take?"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "knowledge-question-error" : undefined}
          />
          <Button type="submit" pending={pending}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
        <FieldError id="knowledge-question-error" messages={error ? [error] : []} />
      </form>
      {result ? <SearchResult result={result} /> : null}
    </SectionCard>
  );
}

function SearchResult({ result }: { result: KnowledgeSearchResult }) {
  return (
    <div className="mt-4 space-y-3" data-testid="knowledge-search-result" aria-live="polite">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {result.answerable ? (
          <Badge variant="success">would answer</Badge>
        ) : (
          <Badge variant="warning">would not answer</Badge>
        )}
        <span className="font-mono text-xs tabular-nums">answerability {result.answerability.toFixed(2)}</span>
      </p>
      {/* The verdict's own reason (answerability.ts), the one a turn reaches: the passages' scores below only rank them. */}
      <p className="text-sm" data-testid="knowledge-search-reason">
        {result.reason}{" "}
        <span className="text-muted-foreground">
          {result.answerable
            ? "The reply is written from the passages below."
            : "The agent would say it does not know (unless a scenario or tool covers the turn)."}
        </span>
      </p>
      {result.passages.length === 0 ? (
        <p className="text-muted-foreground text-sm">No passage matched. Add a source that answers this question.</p>
      ) : (
        <ol className="space-y-2" aria-label="Passages, best first">
          {result.passages.map((passage) => (
            <li key={passage.id} className="rounded-lg border border-border p-3" data-testid="knowledge-passage">
              <div className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-medium text-sm">{passage.source_title}</span>
                {passage.heading_path.length > 0 ? (
                  <span className="text-muted-foreground">{passage.heading_path.join(" › ")}</span>
                ) : null}
                <span
                  className="ml-auto font-mono tabular-nums"
                  title="How the passage ranks among the others; whether the agent answers is the verdict above"
                >
                  rank score {passage.score.toFixed(2)}
                </span>
              </div>
              <p className="whitespace-pre-wrap text-sm">{passage.text}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

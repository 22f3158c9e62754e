"use client";

import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RowButton } from "@/components/ui/row-button";
import { rowEdits } from "@/components/ui/row-edits";
import { Textarea } from "@/components/ui/textarea";
import type { FaqRow } from "@/lib/knowledge/knowledge-form";

interface FaqEntriesFieldProps {
  rows: FaqRow[];
  onChange: (rows: FaqRow[]) => void;
  errors?: string[];
}

/** An FAQ source's question/answer rows: each row is one passage the agent can quote. */
export function FaqEntriesField({ rows, onChange, errors }: FaqEntriesFieldProps) {
  const { change, remove, add } = rowEdits(rows, onChange);
  return (
    <fieldset className="space-y-3" aria-describedby={errors?.length ? "knowledge-entries-error" : undefined}>
      <legend className="mb-1 font-medium text-sm">Questions and answers</legend>
      {rows.map((row, i) => (
        // Rows have no id of their own; the index is their identity while the form is open.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className="space-y-2 rounded-lg border border-border p-3" data-testid="faq-row">
          <div className="flex items-end gap-2">
            <div className="flex min-w-0 flex-1 flex-col">
              <Label htmlFor={`faq-question-${i}`} className="mb-1">
                Question {i + 1}
              </Label>
              <Input
                id={`faq-question-${i}`}
                value={row.question}
                placeholder="How long do refunds take?"
                onChange={(e) => change(i, { question: e.target.value })}
              />
            </div>
            <RowButton label={`Remove question ${i + 1}`} onClick={() => remove(i)} disabled={rows.length === 1}>
              <Trash2 />
            </RowButton>
          </div>
          <div className="flex flex-col">
            <Label htmlFor={`faq-answer-${i}`} className="mb-1">
              Answer {i + 1}
            </Label>
            <Textarea
              id={`faq-answer-${i}`}
              value={row.answer}
              placeholder="Refunds reach your card within 5 business days."
              onChange={(e) => change(i, { answer: e.target.value })}
            />
          </div>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => add({ question: "", answer: "" })}>
        <Plus aria-hidden="true" />
        Add question
      </Button>
      <FieldError id="knowledge-entries-error" messages={errors} />
    </fieldset>
  );
}

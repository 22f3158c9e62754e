"use client";

import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { rowEdits } from "@/components/ui/row-edits";
import type { GoalEvidence } from "@/lib/engine/contracts/goal-state";

interface EvidenceListEditorProps {
  items: GoalEvidence[];
  onChange: (items: GoalEvidence[]) => void;
}

/** Evidence items as id + text rows: what the candidate cites (tool outputs, profile fields, session facts). */
export function EvidenceListEditor({ items, onChange }: EvidenceListEditorProps) {
  const { change, remove, add } = rowEdits(items, onChange);
  return (
    <div className="flex flex-col gap-2" data-testid="evidence-list">
      {items.length === 0 ? (
        <p className="text-muted-foreground text-xs">
          No evidence yet: a reformulation needs at least one supporting item.
        </p>
      ) : null}
      {items.map((item, index) => (
        // Rows have no stable id of their own while ids are being typed; order is the identity here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="flex items-start gap-2">
          <Input
            aria-label={`Evidence ${index + 1} id`}
            className="w-40 font-mono text-xs"
            placeholder="id"
            value={item.id}
            onChange={(e) => change(index, { id: e.target.value })}
          />
          <Input
            aria-label={`Evidence ${index + 1} text`}
            className="flex-1"
            placeholder="What the data says"
            value={item.text}
            onChange={(e) => change(index, { text: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove evidence ${index + 1}`}
            onClick={() => remove(index)}
          >
            <X />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => add({ id: `ev-${items.length + 1}`, text: "" })}
        >
          <Plus /> Add evidence
        </Button>
      </div>
    </div>
  );
}

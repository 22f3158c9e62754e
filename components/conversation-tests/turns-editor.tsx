"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { rowEdits } from "@/components/ui/row-edits";
import { TextField } from "@/components/ui/text-field";
import { newTurnAssertion, TURN_KIND_LABELS } from "@/lib/conversation-tests/assertion-kinds";
import { emptyTurn, errorsAt, type FormErrors, moved, type TurnForm } from "@/lib/conversation-tests/case-form";
import type { TestEditorOptions } from "@/lib/conversation-tests/tests-workspace";
import type { TurnAssertion } from "@/lib/engine/contracts/test-case";
import { AssertionList } from "./assertion-list";

interface TurnsEditorProps {
  turns: TurnForm[];
  options: TestEditorOptions;
  errors: FormErrors;
  readOnly: boolean;
  onChange: (turns: TurnForm[]) => void;
}

function TurnButton(props: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

/** The conversation's turns in order: each message with its assertions; add, remove, move up and down. */
export function TurnsEditor({ turns, options, errors, readOnly, onChange }: TurnsEditorProps) {
  const firsts = { rule: options.rules[0]?.ref, step: options.steps[0]?.ref, scenario: options.scenarios[0]?.ref };
  const fresh = (kind: TurnAssertion["kind"]) => newTurnAssertion(kind, firsts);
  const { change: patch, remove, add } = rowEdits(turns, onChange);
  return (
    <div className="space-y-3">
      <FieldError messages={errors.turns} />
      <ol className="space-y-3">
        {turns.map((turn, index) => (
          <li key={turn.id} className="space-y-3 rounded-lg border border-border p-3" data-testid="test-turn">
            <div className="flex items-center gap-2">
              <h3 className="font-medium text-sm">Turn {index + 1}</h3>
              {turn.tape ? (
                <Badge variant="info" title="The model's answers recorded with this message">
                  recorded reply replayed in frozen runs
                </Badge>
              ) : null}
              {readOnly ? null : (
                <span className="ml-auto flex gap-1">
                  <TurnButton
                    label={`Move turn ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => onChange(moved(turns, index, index - 1))}
                  >
                    <ArrowUp aria-hidden="true" />
                  </TurnButton>
                  <TurnButton
                    label={`Move turn ${index + 1} down`}
                    disabled={index === turns.length - 1}
                    onClick={() => onChange(moved(turns, index, index + 1))}
                  >
                    <ArrowDown aria-hidden="true" />
                  </TurnButton>
                  <TurnButton
                    label={`Remove turn ${index + 1}`}
                    disabled={turns.length === 1}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </TurnButton>
                </span>
              )}
            </div>
            <TextField
              id={`turn-${turn.id}-message`}
              label="Customer message"
              required
              multiline
              errors={errorsAt(errors, `turns[${index}].message`)}
              hint={
                turn.tape
                  ? "Editing the message keeps the recording; calls whose request changes run on the offline model."
                  : undefined
              }
              value={turn.message}
              readOnly={readOnly}
              onChange={(message) => patch(index, { message })}
              inputClassName="min-h-14"
              placeholder="I'm in France and want a refund for order 123"
            />
            <div className="space-y-1">
              <p className="font-medium text-xs">Assertions on this turn</p>
              <AssertionList
                path={`turns[${index}].assertions`}
                assertions={turn.assertions}
                kinds={TURN_KIND_LABELS}
                fresh={fresh}
                options={options}
                errors={errors}
                readOnly={readOnly}
                onChange={(assertions) => patch(index, { assertions })}
              />
            </div>
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <Button type="button" variant="outline" onClick={() => add(emptyTurn())}>
          <Plus aria-hidden="true" />
          Add turn
        </Button>
      )}
    </div>
  );
}

"use client";

import { Badge } from "@/components/ui/badge";
import { FieldError } from "@/components/ui/field-error";
import { TextField, textFieldsOf } from "@/components/ui/text-field";
import { describeAssertion } from "@/lib/conversation-tests/assertion-kinds";
import { errorsAt, type FormErrors } from "@/lib/conversation-tests/case-form";
import { conversationAssertionId, type Selection, turnAssertionId } from "@/lib/conversation-tests/proposal-selection";
import type { BundleTestCase, ConversationAssertion, TurnAssertion } from "@/lib/engine/contracts/test-case";

export interface ProposalNames {
  key: string;
  name: string;
  suite: string;
}

interface ProposalFormProps {
  proposal: BundleTestCase;
  names: ProposalNames;
  onNames: (names: ProposalNames) => void;
  selection: Selection;
  onSelection: (selection: Selection) => void;
  errors: FormErrors;
}

function Check({
  id,
  assertion,
  selection,
  onSelection,
  errors,
}: {
  id: string;
  assertion: TurnAssertion | ConversationAssertion;
  selection: Selection;
  onSelection: (selection: Selection) => void;
  errors: FormErrors;
}) {
  const inputId = `keep-${id.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <li>
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm">
        <input
          id={inputId}
          type="checkbox"
          checked={selection[id] !== false}
          onChange={(e) => onSelection({ ...selection, [id]: e.target.checked })}
        />
        <span className={selection[id] === false ? "text-muted-foreground line-through" : undefined}>
          {describeAssertion(assertion)}
        </span>
      </label>
      <FieldError messages={errorsAt(errors, id)} />
    </li>
  );
}

/** The proposed case: its key, name and suite to edit, and each proposed assertion to keep or drop. */
export function ProposalForm({ proposal, names, onNames, selection, onSelection, errors }: ProposalFormProps) {
  const field = textFieldsOf({
    id: "proposal",
    form: names,
    update: (patch) => onNames({ ...names, ...patch }),
    errors: (key) => errorsAt(errors, key),
  });
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field("name")} label="Name" required className="sm:col-span-2" />
        <TextField {...field("key")} label="Key" required inputClassName="font-mono" />
        <TextField {...field("suite")} label="Suite" inputClassName="font-mono" />
      </div>
      <ol className="space-y-3" aria-label="Turns and their proposed assertions">
        {proposal.turns.map((turn, t) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the proposal's turns are fixed, in order
          <li key={t} className="space-y-2 rounded-md border border-border p-3" data-testid="proposal-turn">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Turn {t + 1}</span>
              {turn.tape ? <Badge variant="info">recorded reply replayed in frozen runs</Badge> : null}
            </p>
            <p className="rounded bg-muted px-2 py-1 text-sm">{turn.message}</p>
            <ul className="space-y-1">
              {turn.assertions.map((assertion, a) => (
                <Check
                  key={turnAssertionId(t, a)}
                  id={turnAssertionId(t, a)}
                  assertion={assertion}
                  selection={selection}
                  onSelection={onSelection}
                  errors={errors}
                />
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {proposal.assertions.length > 0 ? (
        <div className="space-y-1">
          <p className="font-medium text-sm">Whole conversation</p>
          <ul className="space-y-1">
            {proposal.assertions.map((assertion, a) => (
              <Check
                key={conversationAssertionId(a)}
                id={conversationAssertionId(a)}
                assertion={assertion}
                selection={selection}
                onSelection={onSelection}
                errors={errors}
              />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

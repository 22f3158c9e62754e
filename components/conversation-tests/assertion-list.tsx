"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { rowEdits } from "@/components/ui/row-edits";
import { NativeSelect, ValueOptions } from "@/components/ui/select";
import { errorsAt, type FormErrors } from "@/lib/conversation-tests/case-form";
import type { TestEditorOptions } from "@/lib/conversation-tests/tests-workspace";
import type { ConversationAssertion, TurnAssertion } from "@/lib/engine/contracts/test-case";
import { AssertionInputs } from "./assertion-inputs";

type Assertion = TurnAssertion | ConversationAssertion;

interface AssertionListProps<A extends Assertion> {
  /** "turns[0].assertions" or "assertions": the server's error paths and the inputs' ids. */
  path: string;
  assertions: A[];
  kinds: Record<A["kind"], string>;
  fresh: (kind: A["kind"]) => A;
  options: TestEditorOptions;
  errors: FormErrors;
  readOnly: boolean;
  onChange: (next: A[]) => void;
}

const idOf = (path: string) => path.replace(/[^a-z0-9]+/gi, "-");

// The inputs edit one assertion and never its kind: an answer of the same kind is of the list's type.
function isSameKind<A extends Assertion>(next: Assertion, current: A): next is A {
  return next.kind === current.kind;
}

/** A turn's or the conversation's assertions: change the kind, edit its inputs, remove, add with a kind picker. */
export function AssertionList<A extends Assertion>(props: AssertionListProps<A>) {
  const { path, assertions, kinds, fresh, options, errors, readOnly, onChange } = props;
  const kindList = Object.keys(kinds) as A["kind"][];
  const [adding, setAdding] = useState<A["kind"]>(kindList[0] as A["kind"]);
  // A new answer replaces the assertion whole: a field it drops (hands_off's reason) must not survive.
  const replace = (index: number, next: A) => onChange(assertions.map((a, i) => (i === index ? next : a)));
  const { remove, add } = rowEdits(assertions, onChange);
  return (
    <div className="space-y-2">
      {assertions.length === 0 ? <p className="text-muted-foreground text-xs">No assertions yet.</p> : null}
      <ul className="space-y-2">
        {assertions.map((assertion, index) => {
          const at = `${path}[${index}]`;
          const id = idOf(at);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: assertions have no identity beyond their place
            <li key={index} className="space-y-1" data-testid="assertion-row">
              <div className="grid grid-cols-[15rem_minmax(0,1fr)_2rem] items-start gap-2">
                <NativeSelect
                  aria-label={`Assertion ${index + 1} kind`}
                  value={assertion.kind}
                  disabled={readOnly}
                  onChange={(e) => replace(index, fresh(e.target.value as A["kind"]))}
                >
                  <ValueOptions values={kindList} label={(kind) => kinds[kind]} />
                </NativeSelect>
                <fieldset disabled={readOnly} className="min-w-0">
                  <AssertionInputs
                    id={`${id}-value`}
                    assertion={assertion}
                    options={options}
                    onChange={(next) => {
                      if (isSameKind(next, assertion)) replace(index, next);
                    }}
                  />
                </fieldset>
                {readOnly ? null : (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove assertion ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
              <FieldError id={`${id}-error`} messages={errorsAt(errors, at)} />
            </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <div className="flex items-center gap-2">
          <NativeSelect
            aria-label="Kind of assertion to add"
            value={adding}
            onChange={(e) => setAdding(e.target.value as A["kind"])}
            className="w-60"
          >
            <ValueOptions values={kindList} label={(kind) => kinds[kind]} />
          </NativeSelect>
          <Button type="button" variant="outline" size="sm" onClick={() => add(fresh(adding))}>
            <Plus aria-hidden="true" />
            Add assertion
          </Button>
        </div>
      )}
    </div>
  );
}

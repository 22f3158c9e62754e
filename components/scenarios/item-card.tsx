"use client";

import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { textFieldsOf } from "@/components/ui/text-field";
import type { ErrorLookup } from "./form-errors";
import { ItemControls } from "./item-controls";

/** What a step's and a transition's card take alike: the item's place, selection and edit. */
export interface ListItemProps<F> {
  index: number;
  count: number;
  selected: boolean;
  /** Changes on every selection made since load: a selected card scrolls into view then (0: the load). */
  scrollKey: number;
  onToggle: () => void;
  /** null for a viewer: the fields are read-only and there are no controls. */
  edit: { update: (patch: Partial<F>) => void; move: (delta: -1 | 1) => void; remove: () => void } | null;
}

/** A card's text fields: ids under the card's (`${id}-name`), errors under its path (steps[1].name). */
export function itemTextFields<F>(
  id: string,
  at: string,
  form: F,
  edit: ListItemProps<F>["edit"],
  errors: ErrorLookup,
) {
  return textFieldsOf({ id, form, update: (patch) => edit?.update(patch), errors: (key) => errors(`${at}.${key}`) });
}

interface ItemCardProps extends Omit<ListItemProps<unknown>, "edit"> {
  /** The card's id stem: its fieldset is `${id}-fields`. */
  id: string;
  /** The list item's accessible name ("Step 2: Verify"). */
  label: string;
  testId: string;
  /** A step's key, for finding its card; transitions have none. */
  stepKey?: string;
  /** The summary line after the item's number, inside the button that selects it. */
  summary: ReactNode;
  badges: ReactNode;
  /** "step Verify" / "transition 2": completes each control's label. */
  what: string;
  /** What the fieldset is of, for its legend ("step Verify"). */
  legend: string;
  /** null for a viewer: the fields are read-only and there are no controls. */
  edit: { move: (delta: -1 | 1) => void; remove: () => void } | null;
  /** The item's fields, shown while it is selected. */
  children: ReactNode;
}

/** A step's or a transition's card: a summary line that selects it, its controls, and its fields while selected. */
export function ItemCard(props: ItemCardProps) {
  const { id, label, testId, stepKey, index, count, selected, scrollKey, onToggle } = props;
  const { summary, badges, what, legend, edit, children } = props;
  const cardRef = useRef<HTMLLIElement>(null);

  // An item picked on the graph may be far down the list: bring its card into view.
  useEffect(() => {
    if (selected && scrollKey > 0) cardRef.current?.scrollIntoView({ block: "nearest" });
  }, [selected, scrollKey]);

  return (
    <li
      ref={cardRef}
      aria-label={label}
      data-testid={testId}
      data-step-key={stepKey}
      className={cn("rounded-md border border-border bg-card", selected && "border-ring ring-1 ring-ring")}
    >
      <div className="flex items-center gap-2 px-2 py-1.5">
        <button
          type="button"
          aria-expanded={selected}
          aria-controls={`${id}-fields`}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-sm px-1 py-0.5 text-left hover:bg-accent"
        >
          <span className="text-muted-foreground text-xs tabular-nums">{index + 1}.</span>
          {summary}
        </button>
        {badges}
        {edit ? (
          <ItemControls
            what={what}
            isFirst={index === 0}
            isLast={index === count - 1}
            onMove={edit.move}
            onRemove={edit.remove}
          />
        ) : null}
      </div>
      {selected ? (
        <fieldset
          id={`${id}-fields`}
          disabled={!edit}
          className="relative min-w-0 space-y-3 border-border border-t p-3"
        >
          <legend className="sr-only">Fields of {legend}</legend>
          {children}
        </fieldset>
      ) : null}
    </li>
  );
}

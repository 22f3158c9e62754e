"use client";

import { Copy, Eye, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { RowButton } from "@/components/ui/row-button";

/** What a designer can do to a row besides opening it; a table passes null for a viewer. */
interface RowCommands<T> {
  /** Absent where the entity has no duplicate (profile fields, response variables). */
  onDuplicate?: (entity: T) => void;
  onDelete: (entity: T) => void;
}

/** What a designer can do to a row whose editor opens on the same page (a drawer). */
export interface RowHandlers<T> extends RowCommands<T> {
  onEdit: (entity: T) => void;
}

type RowActionsProps<T> = {
  entity: T;
  /** The row's key or name, in each button's accessible name ("Edit greet_first_turn"). */
  name: string;
  /** A save of this row is running: its commands wait. */
  pending: boolean;
} & (
  | {
      /** null for a viewer: one View button (the editor opens read-only) instead of the commands. */
      handlers: RowHandlers<T> | null;
      onView: (entity: T) => void;
      href?: never;
    }
  | {
      handlers: RowCommands<T> | null;
      /** The entity's own editor page: Edit and View link to it. */
      href: string;
      onView?: never;
    }
  | {
      /** A table that shows a viewer no commands (its editor has no read-only view) renders none for one. */
      handlers: RowHandlers<T>;
      onView?: never;
      href?: never;
    }
);

/** A config table row's icon buttons: Edit, Duplicate, Delete for designers; View for viewers. */
export function RowActions<T>(props: RowActionsProps<T>) {
  const { entity, name, pending, handlers, href } = props;
  if (!handlers) {
    return (
      <OpenButton label={`View ${name}`} href={href} onOpen={() => props.onView?.(entity)}>
        <Eye />
      </OpenButton>
    );
  }
  const { onDuplicate, onDelete } = handlers;
  return (
    <>
      <OpenButton
        label={`Edit ${name}`}
        href={href}
        onOpen={() => ("onEdit" in handlers ? handlers.onEdit(entity) : undefined)}
        disabled={pending}
      >
        <Pencil />
      </OpenButton>
      {onDuplicate ? (
        <RowButton label={`Duplicate ${name}`} onClick={() => onDuplicate(entity)} disabled={pending}>
          <Copy />
        </RowButton>
      ) : null}
      <RowButton label={`Delete ${name}`} onClick={() => onDelete(entity)} disabled={pending}>
        <Trash2 />
      </RowButton>
    </>
  );
}

/** Opens the row's editor: a link to its page, or a button that opens it here. */
function OpenButton(props: {
  label: string;
  href: string | undefined;
  onOpen: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  if (props.href === undefined) {
    return (
      <RowButton label={props.label} onClick={props.onOpen} disabled={props.disabled}>
        {props.children}
      </RowButton>
    );
  }
  return (
    <Button asChild variant="ghost" size="icon-sm" aria-label={props.label} title={props.label}>
      <Link href={props.href}>{props.children}</Link>
    </Button>
  );
}

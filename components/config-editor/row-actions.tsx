"use client";

import { Copy, Eye, Pencil, Trash2 } from "lucide-react";
import { RowButton } from "@/components/ui/row-button";

/** What a designer can do to a row; a table passes null for a viewer. */
export interface RowHandlers<T> {
  onEdit: (entity: T) => void;
  /** Absent where the entity has no duplicate (profile fields, response variables). */
  onDuplicate?: (entity: T) => void;
  onDelete: (entity: T) => void;
}

interface RowActionsProps<T> {
  entity: T;
  /** The row's key or name, in each button's accessible name ("Edit greet_first_turn"). */
  name: string;
  /** A save of this row is running: its commands wait. */
  pending: boolean;
  /** null for a viewer: one View button (the editor opens read-only) instead of the commands. */
  handlers: RowHandlers<T> | null;
  onView: (entity: T) => void;
}

/** A config table row's icon buttons: Edit, Duplicate, Delete for designers; View for viewers. */
export function RowActions<T>({ entity, name, pending, handlers, onView }: RowActionsProps<T>) {
  if (!handlers) {
    return (
      <RowButton label={`View ${name}`} onClick={() => onView(entity)}>
        <Eye />
      </RowButton>
    );
  }
  const { onEdit, onDuplicate, onDelete } = handlers;
  return (
    <>
      <RowButton label={`Edit ${name}`} onClick={() => onEdit(entity)} disabled={pending}>
        <Pencil />
      </RowButton>
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

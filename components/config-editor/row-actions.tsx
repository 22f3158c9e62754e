"use client";

import { Copy, Eye, Pencil, Trash2 } from "lucide-react";
import { RowButton } from "@/components/ui/row-button";

interface RowCommands {
  onEdit: () => void;
  /** Absent where the entity has no duplicate (profile fields, response variables). */
  onDuplicate?: () => void;
  onDelete: () => void;
}

interface RowActionsProps {
  /** The row's key or name, in each button's accessible name ("Edit greet_first_turn"). */
  name: string;
  /** A save of this row is running: its commands wait. */
  pending: boolean;
  /** null for a viewer: one View button (the editor opens read-only) instead of the commands. */
  commands: RowCommands | null;
  onView: () => void;
}

/** A config table row's icon buttons: Edit, Duplicate, Delete for designers; View for viewers. */
export function RowActions({ name, pending, commands, onView }: RowActionsProps) {
  if (!commands) {
    return (
      <RowButton label={`View ${name}`} onClick={onView}>
        <Eye />
      </RowButton>
    );
  }
  return (
    <>
      <RowButton label={`Edit ${name}`} onClick={commands.onEdit} disabled={pending}>
        <Pencil />
      </RowButton>
      {commands.onDuplicate ? (
        <RowButton label={`Duplicate ${name}`} onClick={commands.onDuplicate} disabled={pending}>
          <Copy />
        </RowButton>
      ) : null}
      <RowButton label={`Delete ${name}`} onClick={commands.onDelete} disabled={pending}>
        <Trash2 />
      </RowButton>
    </>
  );
}

"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { RowButton } from "@/components/ui/row-button";

interface ItemControlsProps {
  /** "step Verify" / "transition 2": completes each button's label. */
  what: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}

/** Move up, move down and remove for one step or transition of the form (designers only). */
export function ItemControls({ what, isFirst, isLast, onMove, onRemove }: ItemControlsProps) {
  return (
    <div className="flex shrink-0 items-center">
      <RowButton label={`Move ${what} up`} disabled={isFirst} onClick={() => onMove(-1)}>
        <ArrowUp />
      </RowButton>
      <RowButton label={`Move ${what} down`} disabled={isLast} onClick={() => onMove(1)}>
        <ArrowDown />
      </RowButton>
      <RowButton label={`Remove ${what}`} onClick={onRemove}>
        <Trash2 />
      </RowButton>
    </div>
  );
}

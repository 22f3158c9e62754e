"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

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
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Move ${what} up`}
        title={`Move ${what} up`}
        disabled={isFirst}
        onClick={() => onMove(-1)}
      >
        <ArrowUp />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Move ${what} down`}
        title={`Move ${what} down`}
        disabled={isLast}
        onClick={() => onMove(1)}
      >
        <ArrowDown />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Remove ${what}`}
        title={`Remove ${what}`}
        onClick={onRemove}
      >
        <Trash2 />
      </Button>
    </div>
  );
}

"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/**
 * The end of a delete confirmation: the server's refusal when it gave one (a 409 naming what still
 * uses the thing), then "Keep it" and "Delete".
 */
export function DeleteConfirmFooter({
  refusal,
  onKeep,
  onDelete,
  pending,
}: {
  refusal: string | null;
  onKeep: () => void;
  onDelete: () => void;
  pending: boolean;
}) {
  return (
    <>
      {refusal ? (
        <Alert variant="danger" title="Not deleted">
          {refusal}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onKeep}>
          Keep it
        </Button>
        <Button variant="destructive" onClick={onDelete} pending={pending}>
          Delete
        </Button>
      </DialogFooter>
    </>
  );
}

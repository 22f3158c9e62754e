"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

interface ConflictAlertProps {
  /** The server's CONFLICT message: who saved which newer version. */
  message: string;
  reloading: boolean;
  /** Loads the newer version; the next save goes on top of it and the form keeps what was typed. */
  onKeep: () => void;
  /** Drops the edits and loads the newer version; absent where the page has no discard (settings). */
  onDiscard?: () => void;
}

/** What every config editor shows when its save met a newer config_version (optimistic concurrency). */
export function ConflictAlert({ message, reloading, onKeep, onDiscard }: ConflictAlertProps) {
  return (
    <Alert variant="warning" title="Someone saved a newer version">
      <p>{message}</p>
      <div className="mt-2 flex gap-2">
        <Button type="button" size="sm" onClick={onKeep} pending={reloading}>
          Reload, keep my edits
        </Button>
        {onDiscard ? (
          <Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
            Discard my edits
          </Button>
        ) : null}
      </div>
    </Alert>
  );
}

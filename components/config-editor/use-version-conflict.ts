"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

/**
 * The stale-version conflict a config save can meet: the server's message and the reload that answers
 * it. "Reload, keep my edits" rebases: the next save goes over the version the refresh brings
 * (`currentVersion`) instead of the one the form was loaded on.
 */
export function useVersionConflict(loadedVersion: number, currentVersion: number) {
  const router = useRouter();
  const [conflict, setConflict] = useState<string | null>(null);
  const [rebased, setRebased] = useState(false);
  const [reloading, startReload] = useTransition();

  /** Drops the conflict and refreshes the page for the newer version. */
  function reload() {
    setConflict(null);
    startReload(() => router.refresh());
  }

  return {
    conflict,
    setConflict,
    reloading,
    expectedVersion: rebased ? currentVersion : loadedVersion,
    reload,
    /** Saves go over the version the form was loaded on again (a save or a discard made it current). */
    unrebase: () => setRebased(false),
    /** Loads the newer version and saves on top of it next time; the form keeps what was typed. */
    reloadKeepingEdits() {
      setRebased(true);
      reload();
    },
  };
}

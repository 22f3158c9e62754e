"use client";

import { useSyncExternalStore } from "react";

// Whether the sandbox shows the customer's preview. The workspace remounts for every new session (the
// preview's own first message starts one), so the choice lives in sessionStorage, read synchronously on
// the remount, rather than in the workspace's state. Per tab: another tab keeps its own view.

const KEY = "focal:sandbox-preview";
const listeners = new Set<() => void>();
/** The choice when storage is blocked (private modes): kept for this page's life. */
let inMemory = false;

function read(): boolean {
  try {
    const stored = window.sessionStorage.getItem(KEY);
    return stored === null ? inMemory : stored === "1";
  } catch {
    return inMemory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreviewToggle(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = (next: boolean) => {
    inMemory = next;
    try {
      window.sessionStorage.setItem(KEY, next ? "1" : "0");
    } catch {
      // Blocked storage: the in-memory choice holds.
    }
    for (const listener of listeners) listener();
  };
  return [on, set];
}

"use client";

import { useRef, useState } from "react";
import { toast } from "@/components/ui/toaster";

/** What a save resends to pass a blocking test gate (admins only; the ledger keeps the reason). */
export type ForceTests = { force_tests?: { reason: string } };

type SaveResult =
  | { ok: true; notices?: string[] }
  | { ok: false; code: string; message: string; fieldErrors?: Record<string, string[]> };

/** A case the refused save turns red, with why it fails on the draft (the refusal's `tests.<key>` errors). */
export interface RedCase {
  key: string;
  failures: string[];
}

const redCasesOf = (fieldErrors: Record<string, string[]> = {}): RedCase[] =>
  Object.entries(fieldErrors)
    .filter(([path]) => path.startsWith("tests."))
    .map(([path, failures]) => ({ key: path.slice("tests.".length), failures }));

/** A save's notices (the test gate in warn mode, a forced save) as toasts: they say what the save did. */
export function toastNotices(result: { notices?: string[] }) {
  for (const notice of result.notices ?? []) toast.warning(notice, { duration: 10_000 });
}

/**
 * The conversation-test gate of an editor's Save: a TESTS_GATE refusal is kept (its message names the
 * cases that turn red) with the way to resend the same save with `force_tests`; notices become toasts.
 */
export function useTestsGate() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [red, setRed] = useState<RedCase[]>([]);
  const resend = useRef<((force: ForceTests) => void) | null>(null);

  /** After a save: true when the gate refused it (the caller stops there). `again` resends with a reason. */
  function settle(result: SaveResult, again: (force: ForceTests) => void): boolean {
    if (result.ok) {
      setRefusal(null);
      toastNotices(result);
      return false;
    }
    if (result.code !== "TESTS_GATE") {
      setRefusal(null);
      return false;
    }
    setRefusal(result.message);
    setRed(redCasesOf(result.fieldErrors));
    resend.current = again;
    return true;
  }

  function saveAnyway(reason: string) {
    resend.current?.({ force_tests: { reason } });
  }

  return { refusal, red, settle, saveAnyway, dismiss: () => setRefusal(null) };
}

export type TestsGate = ReturnType<typeof useTestsGate>;

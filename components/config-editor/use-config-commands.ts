"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/console-api/action-result";
import { toastNotices } from "./use-tests-gate";

/** What every config save answers with: the new config_version the page moves to. */
type Saved = { config_version: number };

type Call<T> = () => Promise<ActionResult<T>>;

/** What a page hands its entity's row commands (rules, scenarios, tools, fields). */
export interface RowCommandsOptions {
  agentKey: string;
  /** The config_version the page shows; every command sends it as expected_config_version. */
  version: number;
  onVersion: (version: number) => void;
}

// A conflict toast stays 10 s: long enough to read what changed and click Reload.
const CONFLICT_TOAST_MS = 10_000;

/**
 * The save-with-toast-and-undo pattern every config editor's row commands share (rules, scenarios,
 * tools, profile fields, response variables): one save at a time per row key, the page moves to the
 * new config_version, a conflict offers Reload, and delete/enable offer an Undo that is one more save.
 */
export function useConfigCommands({
  onVersion,
  gateShownElsewhere = false,
}: {
  onVersion: (version: number) => void;
  /** The caller shows a test-gate refusal itself (with "Save anyway"), so no toast repeats it. */
  gateShownElsewhere?: boolean;
}) {
  const router = useRouter();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  function settle<T extends Saved>(result: ActionResult<T>, done: (data: T) => void) {
    if (result.ok) {
      onVersion(result.data.config_version);
      router.refresh();
      done(result.data);
      toastNotices(result);
    } else if (result.code === "CONFLICT") {
      toast.error(result.message, {
        duration: CONFLICT_TOAST_MS,
        action: { label: "Reload", onClick: () => router.refresh() },
      });
    } else if (result.code === "TESTS_GATE" && gateShownElsewhere) {
      return;
    } else {
      // A refusal of the test gate names the cases, a delete refused as in use what still uses it: give
      // either the time to be read.
      const long = result.code === "TESTS_GATE" || result.code === "IN_USE";
      toast.error(result.message, long ? { duration: CONFLICT_TOAST_MS } : undefined);
    }
  }

  /** Runs one save for the row `key` (its buttons show pending meanwhile) and settles it. */
  function run<T extends Saved>(key: string, call: Call<T>, done: (data: T) => void) {
    setPendingKey(key);
    startTransition(async () => {
      settle(await call(), done);
      setPendingKey(null);
    });
  }

  /** Enable/disable `key` at version `at`; Undo flips it back at the version this save made. */
  function setEnabled<T extends Saved>(
    key: string,
    enabled: boolean,
    at: number,
    call: (enabled: boolean, at: number) => Promise<ActionResult<T>>,
  ) {
    run(
      key,
      () => call(enabled, at),
      (data) =>
        toast.success(`${key} ${enabled ? "enabled" : "disabled"} · v${data.config_version}`, {
          action: { label: "Undo", onClick: () => setEnabled(key, !enabled, data.config_version, call) },
        }),
    );
  }

  /**
   * Duplicates `key`: the copy the save made (none when it made none) is toasted with what it starts as
   * (`startsAs`: "disabled until you enable it") and handed to `then` with the new version.
   */
  function duplicate<T extends Saved, C extends { key: string }>(
    key: string,
    call: Call<T>,
    copyOf: (data: T) => C | null | undefined,
    startsAs: string,
    then: (copy: C, version: number) => void,
  ) {
    run(key, call, (data) => {
      const copy = copyOf(data);
      if (!copy) return;
      toast.success(`Duplicated as ${copy.key}, ${startsAs} · v${data.config_version}`);
      then(copy, data.config_version);
    });
  }

  /** Deletes `key`; Undo re-creates it from its last values at the version the delete made. */
  function removeWithUndo<T extends Saved, R extends Saved>(
    key: string,
    remove: Call<T>,
    recreate: (version: number) => Promise<ActionResult<R>>,
    onDone?: () => void,
  ) {
    run(key, remove, (data) => {
      onDone?.();
      toast.success(`Deleted ${key} · v${data.config_version}`, {
        action: {
          label: "Undo",
          onClick: () =>
            run(
              key,
              () => recreate(data.config_version),
              (restored) => toast.success(`Restored ${key} · v${restored.config_version}`),
            ),
        },
      });
    });
  }

  return { pendingKey, run, setEnabled, duplicate, removeWithUndo, router };
}

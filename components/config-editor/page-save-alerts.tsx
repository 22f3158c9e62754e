"use client";

import { Alert } from "@/components/ui/alert";
import { ConflictAlert } from "./conflict-alert";
import { TestsGateAlert } from "./tests-gate-alert";
import type { PageSave } from "./use-page-save";

/** What a page's last save left above its form: a conflict, the test gate's refusal, the message. */
export function PageSaveAlerts({ page, discard }: { page: PageSave; discard?: boolean }) {
  return (
    <>
      {page.conflict ? (
        <ConflictAlert
          message={page.conflict}
          reloading={page.reloading}
          onKeep={page.reloadKeepingEdits}
          onDiscard={discard ? page.discardAndReload : undefined}
        />
      ) : null}
      <TestsGateAlert gate={page.gate} saving={page.saving} />
      {page.message ? <Alert variant="danger">{page.message}</Alert> : null}
    </>
  );
}

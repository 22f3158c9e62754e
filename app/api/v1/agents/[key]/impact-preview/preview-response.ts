import type { AgentRow, Database } from "@/db/types";
import { compareSuiteOnDraft } from "@/lib/conversation-tests/server/suite-comparison";
import { previewImpact } from "@/lib/replay/server/preview-impact";
import { ndjsonProgressResponse } from "@/lib/replay/server/progress-stream";
import { takePreviewSlot } from "@/lib/server/background/run-limits";
import { passThrough } from "@/lib/server/define-route";
import type { Actor } from "@/lib/server/ledger/event-types";

type PreviewEdit = Parameters<typeof previewImpact>[1];

/**
 * What both impact-preview routes answer: the caller's preview slot taken (429 past its limits,
 * run-limits.ts), then the preview of the edit `draftEdit` makes (inside the slot, so a file's
 * conversion counts against it), the agent's conversation tests beside it; streamed as NDJSON progress
 * and result when the caller accepts `application/x-ndjson`, where closing the request cancels it.
 */
export async function previewResponse(
  context: { db: Database; actor: Actor; requestId: string; request: Request },
  agent: AgentRow,
  draftEdit: () => Promise<PreviewEdit>,
) {
  const { db, actor, requestId, request } = context;
  const release = await takePreviewSlot(db, agent, actor);
  const run = async (onProgress?: (done: number, total: number) => void) => {
    try {
      return await previewImpact(db, await draftEdit(), {
        actor,
        requestId,
        signal: request.signal,
        onProgress,
        tests: compareSuiteOnDraft,
      });
    } finally {
      release();
    }
  };
  if (request.headers.get("accept")?.includes("application/x-ndjson")) {
    return passThrough(ndjsonProgressResponse(run, requestId));
  }
  return run();
}

"use client";

import { useEffect, useRef, useState } from "react";
import { type PreviewDraft, requestImpactPreview } from "@/lib/replay/impact-preview-client";
import type { ReplayWindow } from "@/lib/replay/preview-schemas";
import type { ImpactPreview } from "@/lib/replay/replay-types";
import type { ImpactPreviewStamp } from "@/lib/versioning/agent-at-version";

export type PreviewPhase =
  | { phase: "idle" }
  | { phase: "running"; progress: { done: number; total: number } | null }
  | { phase: "done"; preview: ImpactPreview; draftKey: string }
  | { phase: "cancelled" }
  | { phase: "failed"; message: string };

/** Save's field errors for a draft it would refuse, shown inline by the editor like a Save's. */
export type OnInvalidDraft = (fieldErrors: Record<string, string[]>, message: string) => void;

// The server's default window: the last 200 sessions or 2,000 turns, whichever is smaller.
const DEFAULT_WINDOW: Required<ReplayWindow> = { sessions: 200, turns: 2000 };

const draftKeyOf = (input: Record<string, unknown>) => JSON.stringify(input);

/**
 * One editor's impact preview: runs its draft (streaming progress, cancellable), keeps the last
 * result, and hands its signed stamp to Save while the draft is still the one previewed.
 */
export function useImpactPreview(agentKey: string, onInvalid: OnInvalidDraft) {
  const [state, setState] = useState<PreviewPhase>({ phase: "idle" });
  const [replayWindow, setReplayWindow] = useState<Required<ReplayWindow>>(DEFAULT_WINDOW);
  const abort = useRef<AbortController | null>(null);

  // Leaving the editor mid-replay stops the replay on the server too.
  useEffect(() => () => abort.current?.abort(), []);

  async function run(draft: PreviewDraft) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: "running", progress: null });
    const outcome = await requestImpactPreview(agentKey, draft, replayWindow, {
      signal: controller.signal,
      onProgress: (done, total) => setState({ phase: "running", progress: { done, total } }),
    });
    if (abort.current !== controller) return;
    abort.current = null;
    if (outcome.kind === "result") {
      setState({ phase: "done", preview: outcome.preview, draftKey: draftKeyOf(draft.input) });
    } else if (outcome.kind === "invalid") {
      setState({ phase: "failed", message: `${outcome.message} The fields are marked in the editor.` });
      onInvalid(outcome.fieldErrors, outcome.message);
    } else if (outcome.kind === "cancelled") {
      setState({ phase: "cancelled" });
    } else {
      setState({ phase: "failed", message: outcome.message });
    }
  }

  function cancel() {
    abort.current?.abort();
  }

  /**
   * Save's input, with the last preview's stamp when that preview was of exactly this input. Stamp the
   * draft alone, then add `force_tests`: a forced resend is still the draft that was previewed.
   */
  function stamped<T extends Record<string, unknown>>(input: T): T & { impact_preview?: ImpactPreviewStamp } {
    if (state.phase !== "done" || !state.preview.stamp || state.draftKey !== draftKeyOf(input)) return input;
    return { ...input, impact_preview: state.preview.stamp };
  }

  return { state, replayWindow, setReplayWindow, run, cancel, stamped };
}

export type ImpactPreviewState = ReturnType<typeof useImpactPreview>;

import { readNdjson } from "./ndjson";
import type { PreviewableEdit, ReplayWindow } from "./preview-schemas";
import type { ImpactPreview } from "./replay-types";

/** What an editor previews: the edit kind and exactly the input its Save would send. */
export interface PreviewDraft {
  edit: PreviewableEdit;
  input: Record<string, unknown>;
  /**
   * A knowledge file over what a JSON body carries (700 KB), which Save sends as a file: previewed as a
   * file too (POST …/knowledge/files/impact-preview), the input's text fields beside it.
   */
  file?: File;
}

/** The fields of a file's preview form: the input's text fields, the window, and the file. */
function previewForm(input: Record<string, unknown>, window: Required<ReplayWindow>, file: File): FormData {
  const form = new FormData();
  const fields = { ...input, sessions: window.sessions, turns: window.turns };
  for (const name of ["title", "kind", "scope", "scope_ref", "key", "expected_config_version", "sessions", "turns"]) {
    const value = fields[name as keyof typeof fields];
    if (value !== null && value !== undefined) form.append(name, String(value));
  }
  form.append("file", file, file.name);
  return form;
}

/** The preview's request: JSON, or a multipart form when the draft carries a file. */
function previewRequest(
  agentKey: string,
  draft: PreviewDraft,
  window: Required<ReplayWindow>,
): { url: string; headers: Record<string, string>; body: BodyInit } {
  const agent = encodeURIComponent(agentKey);
  if (draft.file) {
    return {
      url: `/api/v1/agents/${agent}/knowledge/files/impact-preview`,
      headers: { accept: "application/x-ndjson" },
      body: previewForm(draft.input, window, draft.file),
    };
  }
  return {
    url: `/api/v1/agents/${agent}/impact-preview`,
    headers: { "content-type": "application/json", accept: "application/x-ndjson" },
    body: JSON.stringify({ edit: draft.edit, input: draft.input, window }),
  };
}

export type PreviewOutcome =
  | { kind: "result"; preview: ImpactPreview }
  /** Save would refuse this draft: the same field errors, keyed like Save's. */
  | { kind: "invalid"; message: string; fieldErrors: Record<string, string[]> }
  | { kind: "error"; message: string }
  | { kind: "cancelled" };

type Issue = { path: string; message: string };

/** The server's `[{path, message}]` as Save's `fieldErrors`: messages grouped by field. */
export function fieldErrorsFromIssues(issues: Issue[] | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues ?? []) out[issue.path] = [...(out[issue.path] ?? []), issue.message];
  return out;
}

/** An error line or body as an outcome: with field errors it is a draft Save would refuse. */
function failure(code: string | undefined, message: string, issues: Issue[] | undefined): PreviewOutcome {
  if (code === "VALIDATION" || (issues?.length ?? 0) > 0) {
    return { kind: "invalid", message, fieldErrors: fieldErrorsFromIssues(issues) };
  }
  return { kind: "error", message };
}

type Line =
  | { type: "progress"; done: number; total: number }
  | { type: "result"; result: ImpactPreview }
  | { type: "error"; code?: string; message: string; errors?: Issue[] };

/**
 * Posts a draft to the impact preview and streams its progress (sessions replayed of the total).
 * Aborting `signal` cancels the replay on the server too (it watches the request).
 */
export async function requestImpactPreview(
  agentKey: string,
  draft: PreviewDraft,
  window: Required<ReplayWindow>,
  options: { signal: AbortSignal; onProgress: (done: number, total: number) => void },
): Promise<PreviewOutcome> {
  try {
    const { url, headers, body } = previewRequest(agentKey, draft, window);
    const response = await fetch(url, { method: "POST", headers, body, signal: options.signal });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
        errors?: Issue[];
      } | null;
      const message = body?.error?.message ?? `The preview failed (HTTP ${response.status}).`;
      return failure(body?.error?.code, message, body?.errors);
    }
    let outcome: PreviewOutcome = { kind: "error", message: "The preview ended without a result; try again." };
    await readNdjson(response.body, (raw) => {
      const line = raw as Line;
      if (line.type === "progress") options.onProgress(line.done, line.total);
      else if (line.type === "result") outcome = { kind: "result", preview: line.result };
      else if (line.type === "error") outcome = failure(line.code, line.message, line.errors);
    });
    return outcome;
  } catch (error) {
    if (options.signal.aborted) return { kind: "cancelled" };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: "error", message: `The preview could not be reached (${detail}); try again.` };
  }
}

import type { ActionResult } from "@/lib/console-api/action-result";
import type { ErrorCode } from "@/lib/server/errors";
import type { KnowledgeSourceWritten } from "./knowledge-schemas";

// The console's upload of a file over what a save action carries (docs/knowledge.md#uploaded-files):
// POST …/knowledge/files as multipart/form-data with the session cookie, at the version the drawer was
// opened on (If-Match), answered as the save action would answer, so the drawer shows a stale version
// as a conflict, the tests gate's refusal with its reason box, and field errors under their fields.

interface UploadFields {
  title: string;
  kind: string;
  scope: string;
  scope_ref: string | null;
}

/** The tests gate's "save anyway" over REST: the reason in this header (config-entity-routes.ts). */
const TESTS_GATE_REASON_HEADER = "focal-tests-gate-reason";

export async function uploadKnowledgeFile(
  agentKey: string,
  at: { expectedVersion: number; forceReason?: string },
  fields: UploadFields,
  file: File,
): Promise<ActionResult<KnowledgeSourceWritten>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, value);
  form.append("file", file, file.name);
  const headers: Record<string, string> = { "if-match": `"${at.expectedVersion}"` };
  if (at.forceReason !== undefined) headers[TESTS_GATE_REASON_HEADER] = at.forceReason;
  try {
    const response = await fetch(`/api/v1/agents/${encodeURIComponent(agentKey)}/knowledge/files`, {
      method: "POST",
      headers,
      body: form,
    });
    const body = await response.json().catch(() => null);
    if (response.ok && body) return { ok: true, data: body as KnowledgeSourceWritten };
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of (body?.errors ?? []) as { path: string; message: string }[]) {
      fieldErrors[issue.path] = [...(fieldErrors[issue.path] ?? []), issue.message];
    }
    // A version moved on since the drawer opened: the editors' conflict (a 412 over REST).
    const code = response.status === 412 ? "CONFLICT" : ((body?.error?.code ?? "INTERNAL") as ErrorCode);
    return {
      ok: false,
      code,
      message: body?.error?.message ?? `The upload failed (HTTP ${response.status}).`,
      fieldErrors,
      requestId: body?.error?.request_id,
    };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, code: "INTERNAL", message: `The server could not be reached (${detail}); try again.` };
  }
}

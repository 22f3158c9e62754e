// The console's calls to its own REST API: the session cookie rides along, a same-origin POST passes
// the Origin check, and every answer becomes a result (never a throw) the UI can show.

interface ApiIssue {
  path: string;
  message: string;
}

export type ApiAnswer<T> =
  | { ok: true; body: T }
  | { ok: false; status: number; code: string | null; message: string; issues: ApiIssue[] };

/** `what`: the request in words, for the message when the server gives none ("The replay request"). */
export async function requestJson<T>(url: string, what: string, init?: RequestInit): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(url, { ...init, headers: { "content-type": "application/json" } });
    const body = (await response.json().catch(() => null)) as
      | (T & { error?: { code?: string; message?: string }; errors?: ApiIssue[] })
      | null;
    if (!response.ok) {
      return {
        ok: false,
        status: response.status,
        code: body?.error?.code ?? null,
        message: body?.error?.message ?? `${what} failed (HTTP ${response.status}).`,
        issues: body?.errors ?? [],
      };
    }
    if (body === null)
      return { ok: false, status: response.status, code: null, message: `${what} got no answer.`, issues: [] };
    return { ok: true, body };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      status: 0,
      code: null,
      message: `The server could not be reached (${detail}); try again.`,
      issues: [],
    };
  }
}

/** A JSON body for `requestJson`'s init. */
export function jsonBody(method: "POST" | "PUT" | "DELETE", body?: unknown): RequestInit {
  return body === undefined ? { method } : { method, body: JSON.stringify(body) };
}

import type { ReplayRunBody } from "./replay-schemas";
import type { ReplayRunView } from "./replay-types";

export type RunAnswer = { ok: true; run: ReplayRunView } | { ok: false; message: string };

async function call(url: string, init?: RequestInit): Promise<RunAnswer> {
  try {
    const response = await fetch(url, { ...init, headers: { "content-type": "application/json" } });
    const body = (await response.json().catch(() => null)) as (ReplayRunView & { error?: unknown }) | null;
    if (!response.ok) {
      const error = body?.error as { message?: string } | undefined;
      return { ok: false, message: error?.message ?? `The replay request failed (HTTP ${response.status}).` };
    }
    return body ? { ok: true, run: body } : { ok: false, message: "The server answered without a replay." };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The server could not be reached (${detail}); try again.` };
  }
}

/** Replays one session under the current configuration (`configVersion` null) or a kept earlier one. */
export function startSessionReplay(agentKey: string, sessionId: string, configVersion: number | null) {
  const body: ReplayRunBody = {
    sessions: { ids: [sessionId] },
    ...(configVersion === null ? {} : { config_version: configVersion }),
  };
  return call(`/api/v1/agents/${encodeURIComponent(agentKey)}/replays`, { method: "POST", body: JSON.stringify(body) });
}

export function getReplayRun(id: string) {
  return call(`/api/v1/replays/${encodeURIComponent(id)}`);
}

export function cancelReplayRun(id: string) {
  return call(`/api/v1/replays/${encodeURIComponent(id)}/cancel`, { method: "POST" });
}

/** queued and running runs are still going: keep polling them. */
export function runIsActive(run: Pick<ReplayRunView, "status">): boolean {
  return run.status === "queued" || run.status === "running";
}

/** TanStack Query key of one stored replay run. */
export const replayRunKey = (id: string) => ["replay-run", id] as const;

import { requestJson } from "@/lib/console-api/request-json";
import type { ReplayRunBody } from "./replay-schemas";
import type { ReplayRunView } from "./replay-types";

export type RunAnswer = { ok: true; run: ReplayRunView } | { ok: false; message: string };

async function call(url: string, init?: RequestInit): Promise<RunAnswer> {
  const answer = await requestJson<ReplayRunView>(url, "The replay request", init);
  return answer.ok ? { ok: true, run: answer.body } : { ok: false, message: answer.message };
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

export { jobIsActive as runIsActive } from "@/lib/console-api/job-status";

/** TanStack Query key of one stored replay run. */
export const replayRunKey = (id: string) => ["replay-run", id] as const;

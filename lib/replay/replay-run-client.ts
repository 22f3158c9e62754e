import { requestJson } from "@/lib/console-api/request-json";
import type { ReplayRunBody } from "./replay-schemas";
import type { ReplayRunView } from "./replay-types";

export type RunAnswer = { ok: true; run: ReplayRunView } | { ok: false; message: string };

async function call(url: string, init?: RequestInit): Promise<RunAnswer> {
  const answer = await requestJson<ReplayRunView>(url, "The replay request", init);
  return answer.ok ? { ok: true, run: answer.body } : { ok: false, message: answer.message };
}

/** Starts a stored replay run of the agent (POST …/replays). */
export function startReplay(agentKey: string, body: ReplayRunBody) {
  return call(`/api/v1/agents/${encodeURIComponent(agentKey)}/replays`, { method: "POST", body: JSON.stringify(body) });
}

/** Replays sessions under the current configuration (`configVersion` null) or a kept one. */
export function replayBody(sessionIds: string[], configVersion: number | null): ReplayRunBody {
  return {
    sessions: { ids: sessionIds },
    ...(configVersion === null ? {} : { config_version: configVersion }),
  };
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
